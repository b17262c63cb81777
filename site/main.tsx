import { firstScreenPainted } from "./lib/first-screen.ts";
import "./styles.css";

// The server renders addresses without a query string; any other is rendered in the browser at once.
const ready = window.location.search === "" ? firstScreenPainted() : Promise.resolve();
void ready.then(() => import("./hydrate.tsx"));
