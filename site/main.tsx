import { firstEarlyTap } from "./lib/early-taps.ts";
import { firstScreenPainted } from "./lib/first-screen.ts";
import "./styles.css";

// The server renders addresses without a query string; any other is rendered in the browser at once.
// A tap on a button before then (lib/early-taps.ts) starts the app at once: the visitor is waiting.
const ready = window.location.search === "" ? Promise.race([firstScreenPainted(), firstEarlyTap()]) : Promise.resolve();
void ready.then(() => import("./hydrate.tsx"));
