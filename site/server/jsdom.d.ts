// jsdom ships without type declarations (and @types/jsdom is not a dependency); the server entry
// only needs a window for DOMPurify.
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
