// jsdom ships without type declarations (and @types/jsdom is not a dependency); the tests only need a
// window to read HTML as a browser or a mail client would (tests/support/mail-reader.ts).
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
