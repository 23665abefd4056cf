import { inflateSync } from "node:zlib";

/** A decoded 8-bit grayscale image: one byte per pixel, row after row. */
export interface GrayImage {
  readonly width: number;
  readonly height: number;
  readonly pixels: Uint8Array;
}

/**
 * Decodes the PNGs pdftoppm writes (8-bit grayscale or RGB, not interlaced) to gray: the IDAT
 * stream inflated, each row's filter undone (PNG specification, section 9), RGB averaged.
 * Anything else is refused rather than misread.
 */
export function decodeGrayPng(png: Buffer): GrayImage {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error("not a PNG");
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 1;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const colorType = body[9];
      if (body[8] !== 8 || (colorType !== 0 && colorType !== 2) || body[12] !== 0)
        throw new Error("only 8-bit grayscale or RGB, non-interlaced PNGs are read");
      channels = colorType === 2 ? 3 : 1;
    } else if (type === "IDAT") data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const bytes = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x] ?? 0;
      const left = x >= channels ? (bytes[y * stride + x - channels] ?? 0) : 0;
      const up = y > 0 ? (bytes[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = x >= channels && y > 0 ? (bytes[(y - 1) * stride + x - channels] ?? 0) : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = Math.floor((left + up) / 2);
      else if (filter === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      bytes[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  const pixels = new Uint8Array(width * height);
  for (let i = 0; i < pixels.length; i++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += bytes[i * channels + c] ?? 0;
    pixels[i] = Math.round(sum / channels);
  }
  return { width, height, pixels };
}

/** The share of pixels whose gray differs by more than `threshold` (0 to 255). */
export function differingShare(a: GrayImage, b: GrayImage, threshold = 64): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let differing = 0;
  for (let i = 0; i < a.pixels.length; i++) if (Math.abs((a.pixels[i] ?? 0) - (b.pixels[i] ?? 0)) > threshold) differing++;
  return differing / a.pixels.length;
}
