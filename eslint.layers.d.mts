// Types of eslint.layers.mjs for scripts/import-graph.mts and its test.
import type { Linter } from 'eslint';

export const FEATURE_DEPENDENCIES: Readonly<Record<string, readonly string[]>>;
export const FEATURES: readonly string[];
/** folder → [the folders it may import, why] */
export const MAIN_LAYERS: Readonly<Record<string, readonly [readonly string[], string]>>;
export function layerOf(relative: string): string | null;
export const layers: Linter.Config[];
