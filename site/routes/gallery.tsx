import type { PostgrestClient } from "@supabase/postgrest-js";
import { IMAGE_BOXES, imageAlt } from "../../shared/images.ts";
import type { ImageAlt } from "../../shared/types.ts";
import type { Language } from "../../shared/languages.ts";
import type { CartridgeModel } from "../../shared/content-types/cartridge_models.ts";
import type { InterfacePreview } from "../../shared/content-types/interface_previews.ts";
import { PageHeader } from "../components/PageHeader.tsx";
import { Picture } from "../components/Picture.tsx";
import { Loading } from "../components/States.tsx";
import { galleryTexts } from "../i18n/parts/gallery.ts";
import { useLangOf, useMessages, usePart, useSiteLanguage } from "../lib/language.ts";
import { pageMeta, usePageMeta } from "../lib/meta.ts";
import { answered } from "../lib/queries.ts";
import { inOrder, placedIn, useRead, type Loader, type PreviewPlacement, type RouteDefinition } from "../lib/route-module.ts";
import { inLanguage } from "../lib/translations.ts";

export const route = { path: "/gallery", nav: "Gallery", sitemap: true } satisfies RouteDefinition;

/** The catalogue parts this page shows. */
export const texts = [galleryTexts];


export const loader = {
  previews: async (db: PostgrestClient, language: Language) =>
    inLanguage(
      db,
      "interface_previews",
      answered<InterfacePreview[]>(
        await db.from("interface_previews").select("id,title,description,image_url,image_alt,image_decorative,category,order,published").eq("published", true).order("order"),
      ),
      language,
    ),
  cartridges: async (db: PostgrestClient, language: Language) =>
    inLanguage(
      db,
      "cartridge_models",
      answered<CartridgeModel[]>(
        await db.from("cartridge_models").select("id,title,description,image_url,image_alt,image_decorative,specifications,order,published").eq("published", true).order("order"),
      ),
      language,
    ),
} satisfies Loader;

export const preview: Record<string, PreviewPlacement> = {
  interface_previews: { key: "previews", place: placedIn(inOrder) },
  cartridge_models: { key: "cartridges", place: placedIn(inOrder) },
};

/** The interface previews shown while none is published. */
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

/** The cartridge models shown while none is published: the spec's 512GB, 1TB and 256GB editions. */
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

function ComingSoon({ children }: { children: string }) {
  return (
    <p className="coming-soon">
      <span className="badge badge-milestone">{usePart(galleryTexts)["gallery.comingSoon"]}</span> {children}
    </p>
  );
}

const CARD_SIZES = "(min-width: 1100px) 340px, (min-width: 700px) 45vw, 100vw";

/** Interface previews and cartridge models: the published items in their order, else the static samples. */
export default function GalleryPage() {
  const messages = useMessages();
  const words = usePart(galleryTexts);
  const { language } = useSiteLanguage();
  usePageMeta(pageMeta(messages, route.path), route.path);
  const langOf = useLangOf();
  // An item in another language (English where untranslated) says so; the labels of its card are the page's.
  const pageWordsIn = (item: object) => (langOf("lang" in item ? (item.lang as Language) : undefined) ? language : undefined);
  const previews = useRead(loader, "previews");
  const cartridges = useRead(loader, "cartridges");
  const previewItems = previews.status === "ready" && previews.data.length > 0 ? previews.data : STATIC_PREVIEWS;
  const cartridgeItems = cartridges.status === "ready" && cartridges.data.length > 0 ? cartridges.data : STATIC_CARTRIDGES;

  return (
    <>
      <PageHeader eyebrow={words["gallery.eyebrow"]} title={messages["title:/gallery"]}>
        <p>{words["gallery.lead"]}</p>
      </PageHeader>
      <section className="section tight" aria-labelledby="previews-title">
        <div className="container">
          <h2 id="previews-title" className="section-title">
            {words["gallery.previews"]}
          </h2>
          <ComingSoon>{words["gallery.previewsSoon"]}</ComingSoon>
          {previews.status === "loading" ? (
            <Loading>{words["gallery.previewsLoading"]}</Loading>
          ) : (
            <ul className="card-grid three">
              {previewItems.map((item, index) => (
                <li key={item.id} className="card media-card" lang={langOf("lang" in item ? item.lang : undefined)}>
                  <Picture
                    src={item.image_url}
                    {...IMAGE_BOXES.galleryItem}
                    sizes={CARD_SIZES}
                    loading={index === 0 ? "priority" : index < 3 ? "eager" : "lazy"}
                    alt={imageAlt(item.image_alt, item.image_decorative, item.title)}
                  />
                  <div className="media-card-body">
                    <span className="badge">{item.category}</span>
                    <h3>{item.title}</h3>
                    <p>{item.description}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <section className="section tight" aria-labelledby="cartridges-title">
        <div className="container">
          <h2 id="cartridges-title" className="section-title">
            {words["gallery.cartridges"]}
          </h2>
          <ComingSoon>{words["gallery.cartridgesSoon"]}</ComingSoon>
          {cartridges.status === "loading" ? (
            <Loading>{words["gallery.cartridgesLoading"]}</Loading>
          ) : (
            <ul className="card-grid three">
              {cartridgeItems.map((item) => {
                const specs = item.specifications ?? {};
                return (
                  <li key={item.id} className="card media-card" lang={langOf("lang" in item ? item.lang : undefined)}>
                    <Picture
                      src={item.image_url}
                      {...IMAGE_BOXES.galleryItem}
                      sizes={CARD_SIZES}
                      alt={imageAlt(item.image_alt, item.image_decorative, item.title)}
                    />
                    <div className="media-card-body">
                      {specs.storage && <span className="badge badge-capacity">{specs.storage}</span>}
                      <h3>{item.title}</h3>
                      <p>{item.description}</p>
                      {(specs.dimensions || specs.weight || (specs.features ?? []).length > 0) && (
                        <dl className="spec-table">
                          {specs.dimensions && (
                            <>
                              <dt lang={pageWordsIn(item)}>{words["gallery.dimensions"]}</dt>
                              <dd>{specs.dimensions}</dd>
                            </>
                          )}
                          {specs.weight && (
                            <>
                              <dt lang={pageWordsIn(item)}>{words["gallery.weight"]}</dt>
                              <dd>{specs.weight}</dd>
                            </>
                          )}
                          {(specs.features ?? []).length > 0 && (
                            <>
                              <dt lang={pageWordsIn(item)}>{words["gallery.features"]}</dt>
                              <dd>{(specs.features ?? []).join(", ")}</dd>
                            </>
                          )}
                        </dl>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}
