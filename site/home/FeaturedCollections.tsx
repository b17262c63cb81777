import { Carousel, type Slide } from "../components/Carousel.tsx";
import type { Language } from "../../shared/languages.ts";
import { homeTexts } from "../i18n/parts/home.ts";
import { useLangOf, usePart } from "../lib/language.ts";
import { useHomeContent } from "./home-content.ts";

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

/** Featured Collections: the published collections, or the spec's three static slides when there are none. */
export default function FeaturedCollections() {
  const collections = useHomeContent("collections");
  const messages = usePart(homeTexts);
  const langOf = useLangOf();
  const slides: Slide[] = (
    collections.status === "ready" && collections.data.length > 0
      ? collections.data.map((row) => ({ ...row, features: (row.features ?? []).filter((feature) => feature.trim() !== "") }))
      : STATIC_SLIDES
  ).map((slide) => ({ ...slide, lang: langOf(slide.lang as Language | undefined) }));
  return (
    <section className="section collections" aria-labelledby="collections-title">
      <div className="container">
        <p className="eyebrow">{messages["collections.eyebrow"]}</p>
        <h2 id="collections-title" className="section-title">
          {messages["collections.title"]}
        </h2>
        <p className="lead">{messages["collections.lead"]}</p>
        <Carousel slides={slides} label={messages["collections.slides"]} />
      </div>
    </section>
  );
}
