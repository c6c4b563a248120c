/**
 * Loads a renderer module at run time: tsconfig.node.json (which type-checks the tests) does not
 * include src-renderer, so a static import would break `tsc -p tsconfig.node.json`. The caller names
 * the slice of the module's types it uses; tsconfig.web.json type-checks the module itself.
 */
export async function loadRendererModule<T>(file: string): Promise<T> {
  const specifier = `../../src-renderer/src/${file}`;
  return (await import(/* @vite-ignore */ specifier)) as T;
}
