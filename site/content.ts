// The site's static copy: the home page's fixed sections, the fallbacks shown while no row is
// published (slides, quotes, gallery samples, placeholder videos, the FAQ) and the office address.

import { BRAND } from "../shared/brand.ts";
import type { ExternalVideo, FeaturedCollection, ImageAlt, PressQuote } from "../shared/types.ts";

// Home page ------------------------------------------------------------------------------------

export interface FeatureGroup {
  name: string;
  cards: { title: string; text: string }[];
}

/** Key features: four groups of three cards, with the spec's group names. */
export const FEATURE_GROUPS: FeatureGroup[] = [
  {
    name: "FPGA Advantage",
    cards: [
      { title: "Zero-Latency Playback", text: "Video is decoded in dedicated hardware, line by line: press play and the picture is there." },
      { title: "Hardware Decoding", text: "H.264, H.265/HEVC, VP9 and AV1 run in the FPGA fabric, not on a busy CPU." },
      { title: "4K Output", text: "Up to 4K over HDMI 2.0, with pixel-exact scaling for older sources." },
    ],
  },
  {
    name: "Video Filters & Modes",
    cards: [
      { title: "VHS Mode", text: "Tracking wobble, chroma bleed and tape noise, tuned from real decks." },
      { title: "CRT Mode", text: "Scanlines, shadow masks and phosphor glow of consumer TVs and broadcast monitors." },
      { title: "Clean Mode", text: "Switch the filters off for a sharp, modern picture whenever you like." },
    ],
  },
  {
    name: "Blockchain Integration",
    cards: [
      { title: "Verified Ownership", text: "Each smart cartridge carries an ownership record you can prove and pass on." },
      { title: "Automated Royalties", text: "Resales pay creators their share automatically, without a middleman." },
      { title: "Token Governance", text: "RCRT holders vote on features, cartridge releases and the roadmap." },
    ],
  },
  {
    name: "Media Library Experience",
    cards: [
      { title: "Smart Cartridges", text: "From 128GB to 1TB: your films and series on a cartridge you can hold." },
      { title: "Instant Browsing", text: "Browse by decade, genre or cartridge, with search that answers as you type." },
      { title: "Shelf-Worthy Design", text: "A collection that looks as good on the shelf as it plays on screen." },
    ],
  },
];

/** A carousel slide: a featured collection as visitors see it. */
export type Slide = Omit<FeaturedCollection, "published" | "created_at">;

/** Featured Collections when no collection is published: the spec's three static slides. */
export const STATIC_SLIDES: Slide[] = [
  {
    id: "static-classic-cinema",
    title: "Classic Cinema Collection",
    description: "Restored films from the golden age of cinema, mastered for the CRT filter.",
    image_url: "https://images.unsplash.com/photo-1489599849927-2ee91cede3ba",
    features: ["Premium Metal Shell", "Gold Contacts", "Limited Edition Number"],
    capacity: "512GB",
  },
  {
    id: "static-series-showcase",
    title: "Series Showcase",
    description: "Complete seasons of beloved series on a single cartridge, with chapter markers.",
    image_url: "https://images.unsplash.com/photo-1593784991095-a205069470b6",
    features: ["Full seasons", "Chapter markers", "Collector sleeve"],
    capacity: "1TB",
  },
  {
    id: "static-documentary-archive",
    title: "Documentary Archive",
    description: "Award-winning documentaries about science, nature and history.",
    image_url: "https://images.unsplash.com/photo-1485846234645-a62644f84728",
    features: ["Curated by historians", "Subtitles in 12 languages"],
    capacity: "256GB",
  },
];

/** Press Coverage when no quote is published: two static quotes with their source. */
export const STATIC_QUOTES: Pick<PressQuote, "id" | "quote" | "source" | "logo_url" | "logo_alt" | "logo_decorative">[] = [
  {
    id: "static-quote-1",
    quote: "The most exciting thing to happen to physical media in twenty years.",
    source: "Retro Gaming Monthly",
    logo_url: null,
  },
  {
    id: "static-quote-2",
    quote: "An FPGA player that makes every film feel like Saturday night at the video store.",
    source: "Hardware Chronicle",
    logo_url: null,
  },
];

/** Join Our Community: the three goal tiles. */
export const COMMUNITY_GOALS: { value: string; label: string }[] = [
  { value: "1,000+", label: "community members" },
  { value: "1k+", label: "Discord messages" },
  { value: "50+", label: "project contributors" },
];

// Gallery --------------------------------------------------------------------------------------

export const STATIC_PREVIEWS: ({ id: string; title: string; description: string; image_url: string; category: string } & ImageAlt<"image">)[] = [
  {
    id: "static-preview-menu",
    title: "Main Menu",
    description: "Your cartridges on a shelf, with a tape-counter clock.",
    image_url: "https://images.unsplash.com/photo-1511512578047-dfb367046420",
    category: "UI",
  },
  {
    id: "static-preview-library",
    title: "Library Browser",
    description: "Browse by decade, genre or cartridge, with instant search.",
    image_url: "https://images.unsplash.com/photo-1517336714731-489689fd1ca8",
    category: "Features",
  },
  {
    id: "static-preview-filters",
    title: "CRT Filter Modes",
    description: "Consumer TV, broadcast monitor and arcade masks, one button away.",
    image_url: "https://images.unsplash.com/photo-1526374965328-7f61d4dc18c5",
    category: "Effects",
  },
];

export const STATIC_CARTRIDGES: ({
  id: string;
  title: string;
  description: string;
  image_url: string;
  specifications: { storage: string; features: string[]; dimensions: string; weight: string };
} & ImageAlt<"image">)[] = [
  {
    id: "static-cartridge-512",
    title: "512GB Edition",
    description: "A metal-shell collector's cartridge with gold contacts and a numbered label.",
    image_url: "https://images.unsplash.com/photo-1597872200969-2b65d56bd16b",
    specifications: { storage: "512GB", features: ["Premium Metal Shell", "Gold Contacts"], dimensions: "110 x 70 x 18 mm", weight: "95 g" },
  },
  {
    id: "static-cartridge-1tb",
    title: "1TB Edition",
    description: "The largest cartridge, for complete series and film libraries.",
    image_url: "https://images.unsplash.com/photo-1558494949-ef010cbdcc31",
    specifications: { storage: "1TB", features: ["Hardware encryption", "On-chain ownership"], dimensions: "110 x 70 x 22 mm", weight: "120 g" },
  },
  {
    id: "static-cartridge-256",
    title: "256GB Edition",
    description: "A lightweight cartridge to start your collection.",
    image_url: "https://images.unsplash.com/photo-1531297484001-80022131f5a1",
    specifications: { storage: "256GB", features: ["Recycled shell"], dimensions: "110 x 70 x 18 mm", weight: "80 g" },
  },
];

// Videos ---------------------------------------------------------------------------------------

/** Shown on local hosts, without an API key, on a failed call and on empty results (views 0). */
export const PLACEHOLDER_VIDEOS: ExternalVideo[] = [
  {
    id: "placeholder-1",
    title: "RCRT Prototype Walkthrough",
    description: "A first look at the FPGA prototype, the cartridge slot and the filter modes.",
    thumbnail: "https://images.unsplash.com/photo-1518770660439-4636190af475",
    publishedAt: "2025-01-15T00:00:00Z",
    views: 0,
  },
  {
    id: "placeholder-2",
    title: "CRT and VHS Filters, Side by Side",
    description: "The same film through the clean, CRT and VHS modes.",
    thumbnail: "https://images.unsplash.com/photo-1550745165-9bc0b252726f",
    publishedAt: "2025-01-08T00:00:00Z",
    views: 0,
  },
  {
    id: "placeholder-3",
    title: "Smart Cartridges Explained",
    description: "How a cartridge stores your media and proves that it is yours.",
    thumbnail: "https://images.unsplash.com/photo-1531297484001-80022131f5a1",
    publishedAt: "2025-01-01T00:00:00Z",
    views: 0,
  },
];

// Contact --------------------------------------------------------------------------------------

export const OFFICE = {
  name: `${BRAND} Labs`,
  street: "1984 Analog Avenue, Suite 240",
  city: "San Francisco, CA 94107",
  country: "United States",
  email: "hello@rcrt.example",
  /** OpenStreetMap embed around the office. */
  mapEmbedUrl:
    "https://www.openstreetmap.org/export/embed.html?bbox=-122.4050%2C37.7700%2C-122.3850%2C37.7820&layer=mapnik&marker=37.7760%2C-122.3950",
  mapLinkUrl: "https://www.openstreetmap.org/?mlat=37.7760&mlon=-122.3950#map=16/37.7760/-122.3950",
};

/** The built-in FAQ, shown while no FAQ entry is published: launch, prices, developers, formats, subscription, shipping, warranty. */
export const FAQ: { question: string; answer: string }[] = [
  {
    question: "When will the RCRT player launch?",
    answer: "We are targeting a launch in Q3 2025, with pre-orders opening in Q2 2025.",
  },
  {
    question: "How much will the player cost?",
    answer: "Our price target for the base player is between $99 and $199.",
  },
  {
    question: "How much do smart cartridges cost?",
    answer: "Cartridges start at $29 for 128GB and go up to $99 for 1TB.",
  },
  {
    question: "Is there a developer program?",
    answer: "Yes. The developer program opens in Q2 2025, with documentation, sample cartridges and filter tooling.",
  },
  {
    question: "Which video formats are supported?",
    answer: "The player decodes H.264, H.265/HEVC, VP9 and AV1 in hardware.",
  },
  {
    question: "Is there a subscription fee?",
    answer: "No. There is no subscription fee: you own your player and your cartridges.",
  },
  {
    question: "Where will you ship?",
    answer: "At launch we ship to the United States, Canada, the United Kingdom, the European Union, Australia and Japan; more regions follow as our distribution grows.",
  },
  {
    question: "What warranty do you offer?",
    answer: "Every player comes with a two-year limited hardware warranty, and cartridges are covered for one year against defects.",
  },
];
