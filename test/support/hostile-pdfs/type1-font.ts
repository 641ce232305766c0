import { ascii, concatBytes } from './pdf-writer';

/**
 * A minimal, valid Type 1 font program (Adobe Type 1 Font Format, ch. 7-8): two glyphs, "A" a filled
 * square and "B" a triangle, with eexec and charstring encryption. The corpus embeds it as /FontFile
 * so a viewer really parses and draws a Type 1 font, the font kind behind CVE-2024-4367.
 */

const C1 = 52845;
const C2 = 22719;

function encrypt(plain: Uint8Array, key: number): Uint8Array {
  let r = key;
  const out = new Uint8Array(plain.length);
  for (let i = 0; i < plain.length; i++) {
    const c = plain[i]! ^ (r >> 8);
    out[i] = c;
    r = ((c + r) * C1 + C2) & 0xffff;
  }
  return out;
}

/** A charstring number (Type 1 encoding). */
function num(v: number): number[] {
  if (v >= -107 && v <= 107) return [v + 139];
  if (v >= 108 && v <= 1131) return [((v - 108) >> 8) + 247, (v - 108) & 0xff];
  if (v >= -1131 && v <= -108) return [((-v - 108) >> 8) + 251, (-v - 108) & 0xff];
  return [255, (v >> 24) & 0xff, (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff];
}

const HSBW = 13;
const RMOVETO = 21;
const RLINETO = 5;
const CLOSEPATH = 9;
const ENDCHAR = 14;

/** Builds a charstring from [args…, operator] groups, encrypted with lenIV 4. */
function charstring(ops: number[][]): Uint8Array {
  const plain: number[] = [0, 0, 0, 0];
  for (const group of ops) {
    const operator = group[group.length - 1]!;
    for (const arg of group.slice(0, -1)) plain.push(...num(arg));
    plain.push(operator);
  }
  return encrypt(Uint8Array.from(plain), 4330);
}

const glyphs: Record<string, number[][]> = {
  '.notdef': [[0, 500, HSBW], [ENDCHAR]],
  A: [[0, 700, HSBW], [100, 0, RMOVETO], [500, 0, RLINETO], [0, 600, RLINETO], [-500, 0, RLINETO], [CLOSEPATH], [ENDCHAR]],
  B: [[0, 700, HSBW], [100, 0, RMOVETO], [500, 0, RLINETO], [-250, 600, RLINETO], [CLOSEPATH], [ENDCHAR]],
};

export const TYPE1_FONT_NAME = 'CorpusType1';

export interface Type1Program {
  /** Cleartext + binary eexec section + trailer, as a /FontFile stream holds them. */
  data: Uint8Array;
  length1: number;
  length2: number;
  length3: number;
}

export function type1FontProgram(): Type1Program {
  const clear = ascii(
    [
      '%!PS-AdobeFont-1.0: CorpusType1 001.000',
      '12 dict begin',
      '/FontInfo 2 dict dup begin',
      '/FullName (Corpus Type1) readonly def',
      '/FamilyName (Corpus) readonly def',
      'end readonly def',
      `/FontName /${TYPE1_FONT_NAME} def`,
      '/PaintType 0 def',
      '/FontType 1 def',
      '/FontMatrix [0.001 0 0 0.001 0 0] readonly def',
      '/Encoding 256 array',
      '0 1 255 {1 index exch /.notdef put} for',
      'dup 65 /A put',
      'dup 66 /B put',
      'readonly def',
      '/FontBBox {0 0 1000 1000} readonly def',
      'currentdict end',
      'currentfile eexec',
      '',
    ].join('\n'),
  );
  const parts: Uint8Array[] = [
    ascii(
      [
        'dup /Private 8 dict dup begin',
        '/RD {string currentfile exch readstring pop} executeonly def',
        '/ND {noaccess def} executeonly def',
        '/NP {noaccess put} executeonly def',
        '/lenIV 4 def',
        '/password 5839 def',
        '/MinFeature {16 16} def',
        '/BlueValues [] def',
        '/Subrs 0 array',
        'ND',
        `2 index /CharStrings ${Object.keys(glyphs).length} dict dup begin`,
        '',
      ].join('\n'),
    ),
  ];
  for (const [name, ops] of Object.entries(glyphs)) {
    const cs = charstring(ops);
    parts.push(ascii(`/${name} ${cs.length} RD `), cs, ascii(' ND\n'));
  }
  parts.push(ascii(['end', 'end', 'readonly put', 'noaccess put', 'dup /FontName get exch definefont pop', 'mark currentfile closefile', ''].join('\n')));
  const eexec = encrypt(concatBytes([Uint8Array.from([0x12, 0x34, 0x56, 0x78]), ...parts]), 55665);
  const trailer = ascii(`${`${'0'.repeat(64)}\n`.repeat(8)}cleartomark\n`);
  return { data: concatBytes([clear, eexec, trailer]), length1: clear.length, length2: eexec.length, length3: trailer.length };
}
