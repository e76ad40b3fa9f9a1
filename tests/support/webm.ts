/**
 * A tiny WebM (Matroska) file written element by element for tests: the EBML header with its
 * DocType, and a Segment with Info (timecode scale and Duration, what readers take the length
 * from) and one video track. No clusters: nothing decodes it.
 */
const sizeOf = (n: number) => {
  if (n < 0x7f) return Buffer.from([0x80 | n]);
  const b = Buffer.alloc(8);
  b[0] = 0x01; // an 8-byte size
  b.writeUIntBE(n, 2, 6);
  return b;
};
const uint = (n: number) => {
  const bytes: number[] = [];
  for (let v = n; v > 0 || bytes.length === 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from(bytes);
};
const float = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(n);
  return b;
};

/** One element: its ID (the bytes as written), its size, its body. */
export function el(id: number, ...body: Buffer[]): Buffer {
  const data = Buffer.concat(body);
  return Buffer.concat([uint(id), sizeOf(data.length), data]);
}

/** An element of unknown size (what a live recorder writes for the Segment and each Cluster). */
const live = (id: number, ...body: Buffer[]) => Buffer.concat([uint(id), Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), ...body]);

/** A SimpleBlock of track 1 at `offset` ms after its cluster's timecode, with a few bytes of "frame". */
const block = (offset: number) => {
  const time = Buffer.alloc(2);
  time.writeInt16BE(offset);
  return el(0xa3, Buffer.from([0x81]), time, Buffer.from([0x80]), Buffer.alloc(20, 1));
};

export interface WebmOptions {
  seconds?: number;
  /** Write the Info's Duration (a file finished by a muxer) or not (recorded live). */
  withDuration?: boolean;
  /** Clusters: each its timecode (ms) and its blocks' offsets (ms). */
  clusters?: { timecode: number; blocks: number[] }[];
  /** Segment and clusters of unknown size, as MediaRecorder writes them. */
  liveSizes?: boolean;
}

export function tinyWebm({ seconds = 2.5, withDuration = true, clusters = [], liveSizes = false }: WebmOptions = {}): Buffer {
  const header = el(
    0x1a45dfa3,
    el(0x4286, uint(1)),
    el(0x42f7, uint(1)),
    el(0x42f2, uint(4)),
    el(0x42f3, uint(8)),
    el(0x4282, Buffer.from('webm')),
    el(0x4287, uint(4)),
    el(0x4285, uint(2)),
  );
  const info = el(
    0x1549a966,
    el(0x2ad7b1, uint(1_000_000)), // timecodes in milliseconds
    el(0x4d80, Buffer.from('tripcrew-test')),
    el(0x5741, Buffer.from('tripcrew-test')),
    ...(withDuration ? [el(0x4489, float(seconds * 1000))] : []),
  );
  const track = el(
    0xae,
    el(0xd7, uint(1)),
    el(0x73c5, uint(1)),
    el(0x83, uint(1)),
    el(0x86, Buffer.from('V_VP8')),
    el(0xe0, el(0xb0, uint(320)), el(0xba, uint(240))),
  );
  const wrap = liveSizes ? live : el;
  const body = clusters.map((c) => wrap(0x1f43b675, el(0xe7, uint(c.timecode)), ...c.blocks.map(block)));
  return Buffer.concat([header, wrap(0x18538067, info, el(0x1654ae6b, track), ...body)]);
}
