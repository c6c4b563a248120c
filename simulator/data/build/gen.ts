import type { Lang } from '../catalogues';
import type { Prng } from '../prng';

/** What every builder draws from. */
export interface Gen {
  /** Content randomness. */
  rng: Prng;
  /** Identifier stream (shared by the whole data set so identifiers never repeat). */
  ids: Prng;
  lang: Lang;
}
