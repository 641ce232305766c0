import { createRandom } from '../data/random';
import { drawPixelText } from './pixel-font';
import { createPicture, encodePng, fillEllipse, fillRect, type Colour } from './png-encoder';

export interface PhotoIdInput {
  countryCode: string;
  givenNames: string;
  surname: string;
  /** YYYY-MM-DD, or null when the practice does not hold it. */
  birthDate: string | null;
  /** YYYY-MM-DD: the day the client photographed it. */
  photographedOn: string;
  /** Seeds the card's number, so the same document is always the same picture. */
  seed: number;
}

const WIDTH = 540;
const HEIGHT = 340;
const CARD: Colour = [236, 241, 246];
const INK: Colour = [28, 34, 44];
const LABEL: Colour = [96, 106, 120];
const PHOTO: Colour = [196, 210, 224];
const PERSON: Colour = [104, 120, 140];
const SPECIMEN: Colour = [176, 36, 36];

/** Each country's licence: its title, the band's colour and how its number and dates are written. */
const LICENCES: Readonly<Record<string, { title: string; band: Colour; number: (n: () => number) => string }>> = {
  AU: { title: 'DRIVER LICENCE', band: [18, 86, 150], number: (n) => digitsOf(n, 8) },
  NZ: { title: 'DRIVER LICENCE', band: [22, 110, 96], number: (n) => `D${letterOf(n)}${digitsOf(n, 6)}` },
  GB: { title: 'DRIVING LICENCE', band: [150, 40, 96], number: (n) => `${digitsOf(n, 6)} ${digitsOf(n, 5)}` },
  ZA: { title: 'DRIVING LICENCE', band: [24, 110, 60], number: (n) => digitsOf(n, 12) },
};

function digitsOf(next: () => number, count: number): string {
  return Array.from({ length: count }, () => String(Math.floor(next() * 10))).join('');
}
const letterOf = (next: () => number): string => String.fromCharCode(65 + Math.floor(next() * 26));

/** A day as the card writes it: day first, as all four countries do (South Africa's cards year first). */
function cardDate(countryCode: string, iso: string): string {
  const [y = '', m = '', d = ''] = iso.split('-');
  return countryCode === 'ZA' ? `${y}-${m}-${d}` : `${d}/${m}/${y}`;
}

/**
 * A photo of a driver licence as a client uploads it for "Photo identification": a PNG of the card with a
 * silhouette for the photo, the holder's name and date of birth, and SPECIMEN across it (no real person).
 */
export function renderPhotoId(input: PhotoIdInput): Uint8Array {
  const licence = LICENCES[input.countryCode] ?? LICENCES['AU']!;
  const random = createRandom(input.seed);
  const next = () => random.next();
  const picture = createPicture(WIDTH, HEIGHT, CARD);
  fillRect(picture, 0, 0, WIDTH, 56, licence.band);
  drawPixelText(picture, licence.title, 24, 18, 3, [255, 255, 255]);

  fillRect(picture, 24, 76, 150, 196, PHOTO);
  fillEllipse(picture, 99, 150, 36, 44, PERSON);
  fillEllipse(picture, 99, 266, 66, 46, PERSON);
  fillRect(picture, 24, 272, 150, 40, CARD);

  const issued = input.photographedOn.slice(0, 4);
  const expires = `${Number(issued) + 5}${input.photographedOn.slice(4)}`;
  const fields: [string, string][] = [
    ['SURNAME', input.surname],
    ['GIVEN NAMES', input.givenNames],
    ['DATE OF BIRTH', input.birthDate ? cardDate(input.countryCode, input.birthDate) : '-'],
    ['LICENCE NO', licence.number(next)],
    ['EXPIRES', cardDate(input.countryCode, expires)],
  ];
  fields.forEach(([label, value], i) => {
    const y = 76 + i * 42;
    drawPixelText(picture, label, 196, y, 2, LABEL);
    // A long name takes the smaller size rather than run off the card.
    const scale = value.length * 18 <= WIDTH - 216 ? 3 : 2;
    drawPixelText(picture, value, 196, y + 16, scale, INK);
  });
  drawPixelText(picture, 'SPECIMEN - DEMO DOCUMENT', 24, 306, 2, SPECIMEN);
  return encodePng(picture);
}
