import { STATIC_SLIDES, type Slide } from "../content.ts";
import { Carousel } from "../components/Carousel.tsx";
import { useHomeContent } from "./home-content.ts";

/** Featured Collections: the published collections, or the spec's three static slides when there are none. */
export default function FeaturedCollections() {
  const collections = useHomeContent("collections");
  const slides: Slide[] =
    collections.status === "ready" && collections.data.length > 0
      ? collections.data.map((row) => ({ ...row, features: (row.features ?? []).filter((feature) => feature.trim() !== "") }))
      : STATIC_SLIDES;
  return (
    <section className="section collections" aria-labelledby="collections-title">
      <div className="container">
        <p className="eyebrow">Channel 03</p>
        <h2 id="collections-title" className="section-title">
          Featured Collections
        </h2>
        <p className="lead">Curated smart cartridges, ready to slot in and press play.</p>
        <Carousel slides={slides} label="Collection slides" />
      </div>
    </section>
  );
}
