import { useEffect, type RefObject } from "react";

/**
 * react-admin 5 gives each row's selection checkbox its label on the MUI wrapper (a span, where
 * aria-label is not allowed) and leaves the checkbox input itself unnamed. This moves the label to
 * the input of every row checkbox inside `container`, as rows come and go.
 */
export function useRowCheckboxLabels(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const relabel = () => {
      for (const wrapper of root.querySelectorAll<HTMLElement>(".RaDataTable-checkbox[aria-label]")) {
        const input = wrapper.querySelector("input");
        if (!input) continue;
        input.setAttribute("aria-label", wrapper.getAttribute("aria-label")!);
        wrapper.removeAttribute("aria-label");
      }
    };
    relabel();
    const observer = new MutationObserver(relabel);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-label"] });
    return () => observer.disconnect();
  }, [container]);
}
