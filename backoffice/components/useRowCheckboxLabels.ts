import { useCallback, type RefCallback } from "react";

/** Where a row checkbox's label is kept once moved, so an input drawn anew gets it too. */
const KEPT_LABEL = "data-checkbox-label";

/**
 * react-admin 5 gives each row's selection checkbox its label on the MUI wrapper (a span, where
 * aria-label is not allowed) and leaves the checkbox input itself unnamed. The returned ref, on the
 * element holding the list, moves the label to the input of every row checkbox inside it, as rows
 * come and go. A ref rather than an effect: it runs as the element is attached, before the page is
 * drawn, whenever that is (a list that waited for its code included).
 */
export function useRowCheckboxLabels(): RefCallback<HTMLElement> {
  return useCallback((root: HTMLElement | null) => {
    if (!root) return;
    const relabel = () => {
      for (const wrapper of root.querySelectorAll<HTMLElement>(`.RaDataTable-checkbox[aria-label], .RaDataTable-checkbox[${KEPT_LABEL}]`)) {
        const label = wrapper.getAttribute("aria-label") ?? wrapper.getAttribute(KEPT_LABEL)!;
        if (wrapper.hasAttribute("aria-label")) {
          wrapper.setAttribute(KEPT_LABEL, label);
          wrapper.removeAttribute("aria-label");
        }
        const input = wrapper.querySelector("input");
        if (input && input.getAttribute("aria-label") !== label) input.setAttribute("aria-label", label);
      }
    };
    relabel();
    const observer = new MutationObserver(relabel);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-label"] });
    return () => observer.disconnect();
  }, []);
}
