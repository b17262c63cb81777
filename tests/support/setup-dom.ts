import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Lazy pages and islands are transformed on their first import in a worker: on a 2-core machine
// running other suites beside this one that alone took over 7 s (a shuffled order puts such a test
// first in its worker). findBy* and waitFor are upper bounds on a condition, not expected times, so
// they wait up to 15 s, within the component layer's 20 s per test.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => cleanup());

// jsdom's Blob has no arrayBuffer(), which browsers and Node have (the back office reads uploads with
// it): read through jsdom's own FileReader.
if (typeof Blob !== "undefined" && typeof Blob.prototype.arrayBuffer !== "function") {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
      reader.readAsArrayBuffer(this);
    });
  };
}
