import { cataloguePart } from "../parts.ts";

// The gallery page (its previews and cartridge models are content).
// The default language's words (the product's: tests assert them); each other language's are in its
// own file beside this one (../parts.ts).

const en = {
  "gallery.eyebrow": "Gallery",
  "gallery.lead": "A first look at the player's interface and the smart cartridges that carry your collection.",
  "gallery.comingSoon": "Coming soon",
  "gallery.previews": "Interface Previews",
  "gallery.previewsSoon": "The full interface reveal arrives with the first production units. These previews are work in progress.",
  "gallery.previewsLoading": "Loading previews…",
  "gallery.cartridges": "Cartridge Models",
  "gallery.cartridgesSoon": "Final shells, colours and labels are being tooled now. Sample editions shown.",
  "gallery.cartridgesLoading": "Loading cartridge models…",
  "gallery.dimensions": "Dimensions",
  "gallery.weight": "Weight",
  "gallery.features": "Features",
} as const;

export const galleryTexts = cataloguePart<typeof en>(en, {
  ja: async () => (await import("./gallery.ja.ts")).galleryJa,
});
