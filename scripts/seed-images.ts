/**
 * Draws the seed's artwork (retro CRT and cartridge pictures of our own) as SVG and writes it to
 * `supabase/seed-assets/`: WebP for photos and covers (raster, so image transformations can resize
 * them), SVG for the press logo. Run again after changing a drawing: `node --import tsx scripts/seed-images.ts`.
 * The files are committed; a fresh database gets them (supabase/local/db/seed-assets.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import sharp from "sharp";

const OUT = resolve(import.meta.dirname, "../supabase/seed-assets");
const WIDTH = 1280;
const HEIGHT = 720;

interface Palette {
  sky: string;
  glow: string;
  accent: string;
  ink: string;
}

const PALETTES: Record<string, Palette> = {
  phosphor: { sky: "#0b1a12", glow: "#39ff88", accent: "#f2c94c", ink: "#e8fff1" },
  amber: { sky: "#1d1208", glow: "#ffb347", accent: "#ff5e5b", ink: "#fff4e0" },
  cobalt: { sky: "#0a1030", glow: "#4cc9f0", accent: "#f72585", ink: "#eef6ff" },
  magenta: { sky: "#1b0a24", glow: "#ff4fd8", accent: "#7afcff", ink: "#ffeefc" },
  ember: { sky: "#200808", glow: "#ff6b3d", accent: "#ffd23f", ink: "#fff1e8" },
  mint: { sky: "#06201f", glow: "#5ef2d6", accent: "#ffe066", ink: "#eafffb" },
};

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function frame(palette: Palette, body: string): string {
  const scanlines = `<pattern id="scan" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="4" height="2" fill="#000" opacity="0.22"/></pattern>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs>${scanlines}<radialGradient id="vignette" cx="50%" cy="50%" r="75%"><stop offset="60%" stop-color="#000" stop-opacity="0"/><stop offset="100%" stop-color="#000" stop-opacity="0.7"/></radialGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0%" stop-color="${palette.sky}"/><stop offset="100%" stop-color="#000"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#floor)"/>
${body}
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#scan)"/>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#vignette)"/>
</svg>`;
}

/** A CRT television on a table, its screen showing `screen` (SVG drawn in a 560 x 400 box). */
function television(palette: Palette, caption: string, screen: string): string {
  return frame(
    palette,
    `<rect x="300" y="110" width="680" height="500" rx="48" fill="#2b2b2b" stroke="#111" stroke-width="8"/>
<rect x="360" y="160" width="560" height="400" rx="36" fill="${palette.sky}" stroke="${palette.glow}" stroke-width="4"/>
<g transform="translate(360 160)">${screen}</g>
<circle cx="1010" cy="220" r="0" fill="none"/>
<rect x="0" y="610" width="${WIDTH}" height="110" fill="#000" opacity="0.45"/>
<text x="640" y="675" text-anchor="middle" font-family="monospace" font-size="44" font-weight="bold" fill="${palette.ink}" letter-spacing="6">${escape(caption)}</text>`,
  );
}

/** A smart cartridge standing up, with a label. */
function cartridge(palette: Palette, label: string, capacity: string, clear = false): string {
  const shell = clear ? `fill="${palette.glow}" fill-opacity="0.18" stroke="${palette.glow}"` : `fill="#303036" stroke="#101014"`;
  return frame(
    palette,
    `<ellipse cx="640" cy="640" rx="330" ry="36" fill="#000" opacity="0.5"/>
<rect x="420" y="90" width="440" height="540" rx="28" ${shell} stroke-width="8"/>
<rect x="470" y="140" width="340" height="260" rx="12" fill="${palette.accent}"/>
<rect x="470" y="140" width="340" height="70" rx="12" fill="${palette.glow}"/>
<text x="640" y="188" text-anchor="middle" font-family="monospace" font-size="40" font-weight="bold" fill="${palette.sky}">RCRT</text>
<text x="640" y="300" text-anchor="middle" font-family="monospace" font-size="34" font-weight="bold" fill="${palette.sky}">${escape(label)}</text>
<text x="640" y="360" text-anchor="middle" font-family="monospace" font-size="56" font-weight="bold" fill="${palette.sky}">${escape(capacity)}</text>
${Array.from({ length: 12 }, (_, i) => `<rect x="${482 + i * 28}" y="560" width="16" height="56" fill="#d4af37"/>`).join("")}
<rect x="470" y="440" width="340" height="90" rx="10" fill="#000" opacity="0.35"/>`,
  );
}

/** The FPGA prototype board. */
function board(palette: Palette): string {
  const traces = Array.from({ length: 18 }, (_, i) => {
    const y = 150 + i * 24;
    return `<path d="M180 ${y} H${420 + (i % 5) * 30} V${y + 40} H${700 + (i % 3) * 60}" fill="none" stroke="${palette.glow}" stroke-width="3" opacity="0.7"/>`;
  }).join("");
  return frame(
    palette,
    `<rect x="140" y="110" width="1000" height="500" rx="24" fill="#0d3b22" stroke="${palette.glow}" stroke-width="4"/>${traces}
<rect x="520" y="250" width="220" height="220" rx="10" fill="#111"/><text x="630" y="370" text-anchor="middle" font-family="monospace" font-size="36" fill="${palette.ink}">FPGA</text>
<rect x="860" y="170" width="200" height="120" rx="8" fill="#222"/><rect x="860" y="420" width="200" height="120" rx="8" fill="#222"/>
<rect x="180" y="470" width="240" height="90" rx="8" fill="${palette.accent}"/><text x="300" y="528" text-anchor="middle" font-family="monospace" font-size="28" fill="${palette.sky}">CART SLOT</text>
<circle cx="1080" cy="590" r="10" fill="${palette.accent}"/>`,
  );
}

const screens = {
  bars: (p: Palette) =>
    ["#c0c0c0", "#c0c000", "#00c0c0", "#00c000", "#c000c0", "#c00000", "#0000c0"].map((color, i) => `<rect x="${i * 80}" y="0" width="80" height="300" fill="${color}"/>`).join("") +
    `<rect x="0" y="300" width="560" height="100" fill="${p.sky}"/><text x="280" y="365" text-anchor="middle" font-family="monospace" font-size="36" fill="${p.glow}">NO SIGNAL</text>`,
  wave: (p: Palette) =>
    Array.from({ length: 8 }, (_, i) => `<path d="M0 ${60 + i * 40} Q140 ${20 + i * 40} 280 ${60 + i * 40} T560 ${60 + i * 40}" fill="none" stroke="${i % 2 ? p.glow : p.accent}" stroke-width="6" opacity="${0.4 + i * 0.07}"/>`).join(""),
  crowd: (p: Palette) =>
    Array.from({ length: 24 }, (_, i) => `<circle cx="${50 + (i % 8) * 66}" cy="${90 + Math.floor(i / 8) * 110}" r="26" fill="${i % 3 ? p.glow : p.accent}"/><rect x="${24 + (i % 8) * 66}" y="${122 + Math.floor(i / 8) * 110}" width="52" height="40" rx="18" fill="${i % 3 ? p.glow : p.accent}" opacity="0.7"/>`).join(""),
  coin: (p: Palette) =>
    `<circle cx="280" cy="200" r="140" fill="${p.accent}" stroke="${p.glow}" stroke-width="12"/><text x="280" y="225" text-anchor="middle" font-family="monospace" font-size="80" font-weight="bold" fill="${p.sky}">RC</text>`,
  reel: (p: Palette) =>
    `<circle cx="280" cy="200" r="150" fill="none" stroke="${p.glow}" stroke-width="14"/>` +
    Array.from({ length: 6 }, (_, i) => `<circle cx="${280 + Math.cos((i * Math.PI) / 3) * 85}" cy="${200 + Math.sin((i * Math.PI) / 3) * 85}" r="36" fill="${p.accent}"/>`).join("") +
    `<circle cx="280" cy="200" r="22" fill="${p.ink}"/>`,
  tiles: (p: Palette) =>
    Array.from({ length: 12 }, (_, i) => `<rect x="${30 + (i % 4) * 130}" y="${30 + Math.floor(i / 4) * 120}" width="110" height="100" rx="10" fill="${i % 5 ? p.glow : p.accent}" opacity="${0.5 + (i % 4) * 0.12}"/>`).join(""),
  mountains: (p: Palette) =>
    `<circle cx="420" cy="110" r="60" fill="${p.accent}"/><path d="M0 400 L150 180 L260 300 L380 140 L560 400 Z" fill="${p.glow}" opacity="0.85"/><path d="M0 400 L120 290 L240 360 L360 260 L560 400 Z" fill="${p.sky}" opacity="0.6"/>`,
  sakura: (p: Palette) =>
    Array.from({ length: 14 }, (_, i) => `<circle cx="${40 + ((i * 97) % 500)}" cy="${40 + ((i * 61) % 320)}" r="${18 + (i % 4) * 8}" fill="${i % 2 ? p.glow : p.accent}" opacity="0.8"/>`).join(""),
  shelf: (p: Palette) =>
    `<text x="30" y="60" font-family="monospace" font-size="30" fill="${p.glow}">RCRT  12:45</text>` +
    Array.from({ length: 5 }, (_, i) => `<rect x="${30 + i * 104}" y="120" width="90" height="200" rx="8" fill="${i === 1 ? p.accent : p.glow}" opacity="${i === 1 ? 1 : 0.55}"/>`).join("") +
    `<rect x="30" y="330" width="500" height="10" fill="${p.ink}" opacity="0.6"/>`,
  menu: (p: Palette) =>
    ["OUTPUT  1080p", "AUDIO   STEREO", "FILTER  CRT", "NETWORK ON"].map((line, i) => `<text x="60" y="${100 + i * 80}" font-family="monospace" font-size="40" fill="${i === 2 ? p.accent : p.glow}">${i === 2 ? "&gt; " : "  "}${line}</text>`).join(""),
};

const images: Record<string, string> = {
  "prototype-board.webp": board(PALETTES.phosphor!),
  "crt-filter.webp": television(PALETTES.amber!, "CRT FILTER", screens.wave(PALETTES.amber!)),
  "community.webp": television(PALETTES.cobalt!, "1,000 MEMBERS", screens.crowd(PALETTES.cobalt!)),
  "token-draft.webp": television(PALETTES.ember!, "RCRT TOKEN", screens.coin(PALETTES.ember!)),
  "test-pattern.webp": television(PALETTES.phosphor!, "FIRST BOOT", screens.bars(PALETTES.phosphor!)),
  "collection-cinema.webp": television(PALETTES.amber!, "CLASSIC CINEMA", screens.reel(PALETTES.amber!)),
  "collection-series.webp": television(PALETTES.cobalt!, "SERIES", screens.tiles(PALETTES.cobalt!)),
  "collection-documentary.webp": television(PALETTES.mint!, "DOCUMENTARIES", screens.mountains(PALETTES.mint!)),
  "collection-anime.webp": television(PALETTES.magenta!, "ANIME VAULT", screens.sakura(PALETTES.magenta!)),
  "preview-main-menu.webp": television(PALETTES.phosphor!, "MAIN MENU", screens.shelf(PALETTES.phosphor!)),
  "preview-library.webp": television(PALETTES.cobalt!, "LIBRARY", screens.tiles(PALETTES.mint!)),
  "preview-settings.webp": television(PALETTES.ember!, "SETTINGS", screens.menu(PALETTES.ember!)),
  "cartridge-512gb.webp": cartridge(PALETTES.amber!, "COLLECTOR", "512GB"),
  "cartridge-1tb.webp": cartridge(PALETTES.cobalt!, "ARCHIVE", "1TB"),
  "cartridge-256gb.webp": cartridge(PALETTES.mint!, "STARTER", "256GB"),
  "cartridge-clear.webp": cartridge(PALETTES.magenta!, "CONCEPT", "?", true),
};

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80">
<rect width="240" height="80" rx="10" fill="#111"/><rect x="8" y="8" width="64" height="64" rx="8" fill="#39ff88"/>
<text x="40" y="52" text-anchor="middle" font-family="monospace" font-size="28" font-weight="bold" fill="#111">RT</text>
<text x="84" y="36" font-family="monospace" font-size="18" font-weight="bold" fill="#e8fff1">RETRO TECH</text>
<text x="84" y="60" font-family="monospace" font-size="18" fill="#39ff88">WEEKLY</text>
</svg>
`;

mkdirSync(OUT, { recursive: true });
for (const [file, svg] of Object.entries(images)) {
  const webp = await sharp(Buffer.from(svg)).webp({ quality: 60, effort: 6 }).toBuffer();
  writeFileSync(join(OUT, file), webp);
  console.log(`${file}: ${webp.length} bytes`);
}
writeFileSync(join(OUT, "press-retro-tech-weekly.svg"), LOGO);
console.log("press-retro-tech-weekly.svg");
