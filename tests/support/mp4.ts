/**
 * Tiny ISO base media (MP4 / QuickTime) files written box by box for tests: a file type box, a
 * movie header with a timescale and duration (what a reader takes the length from), optional
 * location metadata where cameras put it, and a media data box. No frames: nothing decodes them.
 */
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};

/** One box: its 32-bit size, its four-character type (latin1, so '\u00a9xyz' is A9 78 79 7A), its payload. */
export function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
}

/** A version-0 movie header box: `seconds` long at `timescale` units a second. */
export function mvhd(seconds: number, timescale = 1000): Buffer {
  const matrix = Buffer.concat([u32(0x00010000), u32(0), u32(0), u32(0), u32(0x00010000), u32(0), u32(0), u32(0), u32(0x40000000)]);
  return box(
    'mvhd',
    u32(0), // version 0, flags
    u32(0), // creation time
    u32(0), // modification time
    u32(timescale),
    u32(Math.round(seconds * timescale)),
    u32(0x00010000), // rate 1.0
    u16(0x0100), // volume 1.0
    Buffer.alloc(10), // reserved
    matrix,
    Buffer.alloc(24), // pre-defined
    u32(2), // next track id
  );
}

/** A video track: its header, and a media header giving its own timescale and length (what readers report per track). */
export function videoTrak(seconds: number, timescale = 600): Buffer {
  const tkhd = box(
    'tkhd',
    u32(3),
    u32(0),
    u32(0),
    u32(1),
    u32(0),
    u32(Math.round(seconds * 1000)),
    Buffer.alloc(8),
    u16(0),
    u16(0),
    u16(0),
    u16(0),
    Buffer.alloc(36),
    u32(320 << 16),
    u32(240 << 16),
  );
  const mdhd = box('mdhd', u32(0), u32(0), u32(0), u32(timescale), u32(Math.round(seconds * timescale)), u16(0x55c4), u16(0));
  const hdlr = box('hdlr', u32(0), u32(0), Buffer.from('vide', 'latin1'), Buffer.alloc(12), Buffer.from('VideoHandler\0', 'latin1'));
  return box('trak', tkhd, box('mdia', mdhd, hdlr));
}

/** A QuickTime user-data location atom: ISO 6709 text such as '+38.7223-009.1393/'. */
export function xyz(iso6709: string): Buffer {
  const text = Buffer.from(iso6709, 'latin1');
  return box('\u00a9xyz', u16(text.length), u16(0x15c7), text);
}

/** Apple's keyed metadata (what an iPhone writes): a key list and its values, one of them the location. */
export function appleLocationMeta(iso6709: string): Buffer {
  const key = Buffer.from('com.apple.quicktime.location.ISO6709', 'latin1');
  const keys = box('keys', u32(0), u32(1), box('mdta', key));
  const value = box('data', u32(1), u32(0), Buffer.from(iso6709, 'latin1'));
  const ilst = box('ilst', box('\u0000\u0000\u0000\u0001', value));
  const hdlr = box('hdlr', u32(0), u32(0), Buffer.from('mdta', 'latin1'), Buffer.alloc(12), Buffer.from([0]));
  return box('meta', hdlr, keys, ilst);
}

export interface Mp4Options {
  seconds?: number;
  /** 'isom' (MP4) or 'qt  ' (QuickTime). */
  brand?: string;
  /** ISO 6709 location written in udta's ©xyz and in Apple's keyed metadata. */
  location?: string;
  /** Bytes of media data (a seekable body for range requests). */
  mediaBytes?: number;
}

/** A small MP4 (or MOV) file: ftyp + moov(mvhd, trak(tkhd, mdia(mdhd, hdlr)), udta(©xyz), meta) + mdat. */
export function tinyMp4({ seconds = 3.5, brand = 'isom', location, mediaBytes = 4096 }: Mp4Options = {}): Buffer {
  const ftyp = box('ftyp', Buffer.from(brand, 'latin1'), u32(0x200), Buffer.from(brand === 'qt  ' ? 'qt  ' : 'isomiso2mp41', 'latin1'));
  const moovParts = [mvhd(seconds), videoTrak(seconds)];
  if (location) moovParts.push(box('udta', xyz(location)), appleLocationMeta(location));
  const media = Buffer.alloc(mediaBytes);
  for (let i = 0; i < mediaBytes; i++) media[i] = i % 251;
  return Buffer.concat([ftyp, box('moov', ...moovParts), box('mdat', media)]);
}
