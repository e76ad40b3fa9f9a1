import { describe, expect, it } from 'vitest';
import { sniffImageType, sniffVideoType, SNIFF_BYTES } from '../../api/src/photos/fileType.js';
import { formatDuration } from '../../api/src/photos/messages.js';
import { byteRange } from '../../api/src/photos/ranges.js';
import { bufferSource, findLocationMetadata } from '../../api/src/photos/videoLocation.js';
import { box, mvhd, tinyMp4, videoTrak, xyz } from '../support/mp4.js';
import { tinyWebm } from '../support/webm.js';
import { webmDurationFromClusters } from '../../api/src/photos/videos.js';

const head = (bytes: Buffer) => bytes.subarray(0, SNIFF_BYTES);
const PLACE = '+48.8584+002.2945/';

describe('video types from the bytes', () => {
  it('knows MP4, QuickTime and WebM, and not HEIC, Matroska that is not WebM, or text', () => {
    expect(sniffVideoType(head(tinyMp4()))).toBe('video/mp4');
    expect(sniffVideoType(head(tinyMp4({ brand: 'qt  ' })))).toBe('video/quicktime');
    expect(sniffVideoType(head(tinyMp4({ brand: 'mp42' })))).toBe('video/mp4');
    // An unknown major brand with a known compatible one.
    const odd = Buffer.concat([box('ftyp', Buffer.from('zzzz'), Buffer.alloc(4), Buffer.from('zzzzmp41')), Buffer.alloc(40)]);
    expect(sniffVideoType(head(odd))).toBe('video/mp4');
    expect(sniffVideoType(head(tinyWebm()))).toBe('video/webm');
    const mkv = Buffer.from(tinyWebm().toString('latin1').replace('webm', 'mkvx'), 'latin1');
    expect(sniffVideoType(head(mkv))).toBeNull();
    const heic = Buffer.concat([box('ftyp', Buffer.from('heic'), Buffer.alloc(4), Buffer.from('mif1heic')), Buffer.alloc(40)]);
    expect(sniffVideoType(head(heic))).toBeNull();
    expect(sniffImageType(head(heic))).toBe('heic');
    expect(sniffVideoType(Buffer.from('just some text that is long enough to be sniffed, really'))).toBeNull();
    expect(sniffImageType(head(tinyMp4()))).toBeNull();
  });
});

describe('the location box walker', () => {
  it('finds ©xyz in udta and Apple’s keyed location value, payloads only', async () => {
    const file = tinyMp4({ location: PLACE });
    const blanks = await findLocationMetadata(bufferSource(file));
    expect(blanks.map((b) => b.what)).toEqual(['\u00a9xyz', 'ilst key 1']);
    for (const blank of blanks) expect(file.subarray(blank.offset, blank.offset + blank.length).toString('latin1')).toContain(PLACE);
    // The ©xyz payload is its 2-byte length, 2-byte language and the text; the data value the text alone.
    expect(blanks[0]!.length).toBe(4 + PLACE.length);
    expect(blanks[1]!.length).toBe(PLACE.length);
  });

  it('walks 64-bit box sizes, ISO full-box meta, a track’s own udta and 3GPP loci; a file without location has none', async () => {
    const loci = box('loci', Buffer.from([0, 0, 0, 0, 0x15, 0xc7]), Buffer.from('Eiffel\0'), Buffer.alloc(12));
    // A track whose own udta holds the location (its tkhd and mdia first).
    const trackWithUdta = box('trak', videoTrak(3).subarray(8), box('udta', loci));
    // An ISO meta: version and flags first, then hdlr and ilst with an iTunes-style ©xyz item.
    const isoMeta = box(
      'meta',
      Buffer.alloc(4),
      box('hdlr', Buffer.alloc(8), Buffer.from('mdir'), Buffer.alloc(13)),
      box('ilst', box('\u00a9xyz', box('data', Buffer.from([0, 0, 0, 1, 0, 0, 0, 0]), Buffer.from(PLACE)))),
    );
    const moov = box('moov', mvhd(3), trackWithUdta, box('udta', xyz(PLACE), isoMeta));
    // mdat with a 64-bit size (size field 1, then the real size).
    const media = Buffer.alloc(100, 9);
    const large = Buffer.alloc(16);
    large.writeUInt32BE(1, 0);
    large.write('mdat', 4, 'latin1');
    large.writeBigUInt64BE(BigInt(16 + media.length), 8);
    const ftyp = box('ftyp', Buffer.from('isom'), Buffer.alloc(4), Buffer.from('isom'));
    const file = Buffer.concat([ftyp, Buffer.concat([large, media]), moov]);
    const blanks = await findLocationMetadata(bufferSource(file));
    expect(blanks.map((b) => b.what)).toEqual(['loci', '\u00a9xyz', 'ilst \u00a9xyz']);
    expect(await findLocationMetadata(bufferSource(tinyMp4()))).toEqual([]);
  });

  it('stops at a damaged box instead of reading past it', async () => {
    const file = tinyMp4({ location: PLACE });
    const broken = Buffer.from(file);
    broken.writeUInt32BE(0xfffffff0, file.indexOf('moov') - 4);
    expect(await findLocationMetadata(bufferSource(broken))).toEqual([]);
  });
});

describe('a live WebM’s length from its clusters', () => {
  const reader = (bytes: Buffer) => async (offset: number, length: number) => bytes.subarray(offset, offset + length);
  it('is the last block’s time, through clusters and a segment of unknown size', async () => {
    const clusters = [
      { timecode: 0, blocks: [0, 33, 66] },
      { timecode: 1000, blocks: [0, 500, 1433] },
    ];
    for (const liveSizes of [true, false]) {
      const file = tinyWebm({ withDuration: false, clusters, liveSizes });
      expect(await webmDurationFromClusters(reader(file), file.length)).toBeCloseTo(2.433, 3);
    }
    const none = tinyWebm({ withDuration: false });
    expect(await webmDurationFromClusters(reader(none), none.length)).toBeNull();
    expect(await webmDurationFromClusters(reader(Buffer.from('garbage here')), 12)).toBeNull();
  });
});

describe('byte ranges', () => {
  it('reads one range of bytes, ignores what it cannot read, and tells unsatisfiable ones', () => {
    expect(byteRange(undefined, 100)).toBeNull();
    expect(byteRange('bytes=0-9', 100)).toEqual([0, 9]);
    expect(byteRange('bytes=90-', 100)).toEqual([90, 99]);
    expect(byteRange('bytes=-10', 100)).toEqual([90, 99]);
    expect(byteRange('bytes=-1000', 100)).toEqual([0, 99]);
    expect(byteRange('bytes=50-5000', 100)).toEqual([50, 99]);
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=100-200', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=9-1', 100)).toBeNull();
    expect(byteRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(byteRange('items=0-1', 100)).toBeNull();
  });
});

describe('durations as the album shows them', () => {
  it('minutes and seconds, hours when there are any', () => {
    expect([formatDuration(0), formatDuration(7.4), formatDuration(74), formatDuration(3729)]).toEqual(['0:00', '0:07', '1:14', '1:02:09']);
  });
});
