import { BRAND } from "../../../shared/brand.ts";
import { cataloguePart } from "../parts.ts";

// The About page (Our Story): the story, the technical specifications and the system architecture.
// The default language's words (the product's: tests assert them); each other language's are in its
// own file beside this one (../parts.ts).

const en = {
  "about.eyebrow": "About",
  "about.lead": "Why a small team set out to build a media player that treats your collection like it matters.",
  "about.journey.title": "The Personal Journey",
  "about.journey.0":
    "It started with a shoebox of tapes in a parents' attic and a CRT television that still worked. Watching those films again, warts and all, felt nothing like scrolling a streaming catalogue: the picture had texture, and the collection had a history.",
  "about.journey.1": `${BRAND} is what happened when that feeling met a workbench, an FPGA development board and too many late nights. We wanted a player that honours physical media without asking anyone to give up modern convenience.`,
  "about.philosophy.title": "The Media Philosophy",
  "about.philosophy.0":
    "We believe the films and series you love should be yours: on a shelf, in your hand, playable in twenty years without an account, a subscription or a licence server that might disappear.",
  "about.philosophy.1": "A cartridge is a promise. Whatever is on it stays on it, and it plays the same way tomorrow as it does today.",
  "about.technology.title": "Technology Meets Tradition",
  "about.technology.0":
    "Under the retro shell is thoroughly modern hardware. Video is decoded on an FPGA, in a fixed pipeline, so every frame leaves the player as soon as it arrives: zero-latency playback, 4K output and hardware decoding of H.264, H.265/HEVC, VP9 and AV1.",
  "about.technology.1": "The VHS and CRT filter modes are not shaders bolted on at the end. They are stages of that same pipeline, modelled on real decks and real tubes, and they add no delay.",
  "about.blockchain.title": "The Blockchain Vision",
  "about.blockchain.0":
    "Every smart cartridge carries an ownership record. You can prove that a cartridge is yours, lend it, sell it or pass it on, and when a cartridge is resold the creators receive their royalties automatically.",
  "about.blockchain.1": "The chain is plumbing, not the product: you never need a wallet to press play.",
  "about.token.title": "Token Economics",
  "about.token.0": `The ${BRAND} token pays for cartridges and royalties and gives holders a say in the project: which features come next, which collections we license and how the community treasury is spent.`,
  "about.token.1": "Supply, vesting and the launch schedule are set out in the whitepaper, and every change to them is recorded in its change log.",
  "about.specs": "Technical Specifications",
  "about.storage.title": "Storage Capacity",
  "about.storage.0": "Smart cartridges from 128GB to 1TB",
  "about.storage.1": "Collector editions of 256GB, 512GB and 1TB",
  "about.storage.2": "Hot-swappable, with instant library indexing",
  "about.performance.title": "Performance",
  "about.performance.0": "FPGA video pipeline, zero added latency",
  "about.performance.1": "Up to 4K output over HDMI 2.0",
  "about.performance.2": "H.264, H.265/HEVC, VP9 and AV1 in hardware",
  "about.security.title": "Security",
  "about.security.0": "Secure element in every cartridge",
  "about.security.1": "Signed cartridge headers, checked at mount",
  "about.security.2": "Ownership records verified on chain",
  "about.connectivity.title": "Connectivity",
  "about.connectivity.0": "HDMI 2.0 and composite video out",
  "about.connectivity.1": "Wi-Fi and Ethernet for updates",
  "about.connectivity.2": "USB-C for power and accessories",
  "about.architecture": "System Architecture",
  "about.cartridge.title": "Cartridge Design",
  "about.cartridge.text": "A rugged shell around flash storage, a secure element and gold contacts, with a label you can write on.",
  "about.cartridge.0": "Flash storage",
  "about.cartridge.1": "Secure element",
  "about.cartridge.2": "Gold contacts",
  "about.cartridge.3": "Label",
  "about.player.title": "Player Architecture",
  "about.player.text": "The cartridge slot feeds the FPGA decode pipeline, whose filter stages drive the HDMI and composite outputs.",
  "about.player.0": "Cartridge slot",
  "about.player.1": "FPGA decoder",
  "about.player.2": "Filter stages",
  "about.player.3": "HDMI / composite",
  "about.schematic.label": "{name} schematic placeholder: {parts}",
  "about.schematic.separator": ", ",
  "about.schematic.caption": "Schematic placeholder: detailed drawings follow with the hardware reveal.",
} as const;

export const aboutTexts = cataloguePart<typeof en>(en, {
  ja: async () => (await import("./about.ja.ts")).aboutJa,
});
