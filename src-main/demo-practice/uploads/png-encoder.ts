import { deflateSync } from 'node:zlib';

/** An RGB picture being drawn: width × height pixels, three bytes each. */
export interface Picture {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export type Colour = readonly [number, number, number];

export function createPicture(width: number, height: number, background: Colour): Picture {
  const pixels = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) pixels.set(background, i * 3);
  return { width, height, pixels };
}

/** Paints one pixel; outside the picture nothing happens. */
export function paint(picture: Picture, x: number, y: number, colour: Colour): void {
  if (x < 0 || y < 0 || x >= picture.width || y >= picture.height) return;
  picture.pixels.set(colour, (Math.floor(y) * picture.width + Math.floor(x)) * 3);
}

export function fillRect(picture: Picture, x: number, y: number, w: number, h: number, colour: Colour): void {
  for (let row = y; row < y + h; row++) for (let col = x; col < x + w; col++) paint(picture, col, row, colour);
}

/** An ellipse centred on (cx, cy). */
export function fillEllipse(picture: Picture, cx: number, cy: number, rx: number, ry: number, colour: Colour): void {
  for (let y = Math.floor(cy - ry); y <= cy + ry; y++)
    for (let x = Math.floor(cx - rx); x <= cx + rx; x++)
      if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) paint(picture, x, y, colour);
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** The picture as a PNG: 8-bit RGB, no interlacing, each row unfiltered, the same bytes for the same picture. */
export function encodePng(picture: Picture): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, picture.width);
  view.setUint32(4, picture.height);
  header.set([8, 2, 0, 0, 0], 8);
  const rowBytes = picture.width * 3;
  const raw = new Uint8Array((rowBytes + 1) * picture.height);
  for (let y = 0; y < picture.height; y++)
    raw.set(picture.pixels.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  const parts = [
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', new Uint8Array(deflateSync(raw, { level: 9 }))),
    chunk('IEND', new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}
