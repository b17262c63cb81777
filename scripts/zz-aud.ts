import { benchAudience } from "./bench/audience.ts";
console.log(JSON.stringify(await benchAudience(Number(process.argv[2] ?? 100000))));
