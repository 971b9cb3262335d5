/**
 * V8's explicit compile hint for a whole file (Chrome 136 and later; other engines read a comment).
 *
 * Left to itself, V8 compiles a script's top level and leaves each function to be compiled when it is
 * first called, on the main thread. The entry chunk is the code every first visit runs at once: React's
 * renderer (a CommonJS module, so one function the bundle calls at load), the router, the stores, the
 * shell. With the hint, V8 compiles all of it on a background thread while the chunk downloads, and the
 * entry's evaluation on the main thread is that much shorter (bench/README.md, "The first date written
 * as text, and the entry compiled while it downloads").
 *
 * Only the entry gets it: a route's chunk runs a part of its functions at most, and compiling all of
 * every chunk eagerly would cost the phone work and memory it may never need.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** The chunk's code with the hint as its first line (once). */
export function withCompileHint(code: string): string {
  return code.startsWith(COMPILE_HINT) ? code : COMPILE_HINT + code;
}
