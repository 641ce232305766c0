import { z } from 'zod';

/*
 * Must run before any zod schema is built (main.tsx imports it first). zod compiles object parsers
 * with `new Function` unless told not to, and probes for that ability when the first object schema is
 * created; the renderer's CSP has no 'unsafe-eval', so the probe alone is reported as a violation even
 * though zod catches the error. Jitless parsing is the interpreted path zod falls back to anyway.
 */
z.config({ jitless: true });
