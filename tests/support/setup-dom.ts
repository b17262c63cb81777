import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Lazy pages are transformed on first import: on a busy 2-core machine that alone can take more than
// Testing Library's default second, so findBy* and waitFor wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
