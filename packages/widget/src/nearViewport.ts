/**
 * Runs `then` once, when `element` comes within `rootMargin` of the viewport (at once where the browser has no
 * IntersectionObserver). Returns the function that stops watching.
 */
export function whenNear(element: Element, rootMargin: string, then: () => void): () => void {
  if (typeof IntersectionObserver !== 'function') {
    then();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      then();
    },
    { rootMargin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
