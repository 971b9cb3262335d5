/**
 * Installed before a page's scripts (`page.evaluateOnNewDocument(countReactCommits)`): a stand-in React
 * DevTools hook. While `window.__countCommits` is true, each React commit is recorded in
 * `window.__reactCommits` with what it drew again (function components that performed work and host
 * elements whose props changed, with counts by name) and its time, and marked in the trace as
 * "react-commit". Self-contained: the browser runs its source, not this module.
 */
export function countReactCommits() {
  const commits = [];
  window.__reactCommits = commits;
  const nameOf = (fiber) => {
    const t = fiber.type;
    if (typeof t === "string") return t;
    if (!t) return "?";
    return t.displayName || t.name || t.render?.name || t.type?.name || "anon";
  };
  const PERFORMED_WORK = 1;
  function walk(next, prev, out) {
    const tag = next.tag;
    if (tag === 0 || tag === 1 || tag === 11 || tag === 14 || tag === 15) {
      if (!prev || (next.flags & PERFORMED_WORK) === PERFORMED_WORK) {
        out.components++;
        const n = nameOf(next);
        out.names[n] = (out.names[n] ?? 0) + 1;
      }
    } else if (tag === 5) {
      if (!prev || next.memoizedProps !== prev.memoizedProps) {
        out.hosts++;
        const n = nameOf(next);
        out.hostNames[n] = (out.hostNames[n] ?? 0) + 1;
      }
    }
    if (prev && next.child === prev.child) return;
    for (let child = next.child; child; child = child.sibling) walk(child, prev ? child.alternate : null, out);
  }
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject() {
      return 1;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      if (!window.__countCommits) return;
      const out = { at: performance.now(), components: 0, hosts: 0, names: {}, hostNames: {} };
      const current = root.current;
      walk(current, current.alternate, out);
      commits.push(out);
      performance.mark("react-commit");
    },
  };
}
