import { IMAGE_BOXES, imageAlt } from "../../shared/images.ts";
import { STATIC_CARTRIDGES, STATIC_PREVIEWS } from "../content.ts";
import { PageHeader } from "../components/PageHeader.tsx";
import { Picture } from "../components/Picture.tsx";
import { Loading } from "../components/States.tsx";
import { db } from "../lib/db.ts";
import { useRouteMeta } from "../lib/meta.ts";
import { queries } from "../lib/queries.ts";
import { useResource } from "../lib/resource.ts";

function ComingSoon({ children }: { children: string }) {
  return (
    <p className="coming-soon">
      <span className="badge badge-milestone">Coming soon</span> {children}
    </p>
  );
}

const CARD_SIZES = "(min-width: 1100px) 340px, (min-width: 700px) 45vw, 100vw";

/** Interface previews and cartridge models: the published items in their order, else the static samples. */
export default function GalleryPage() {
  useRouteMeta("/gallery");
  const previews = useResource("previews", () => queries.previews(db()));
  const cartridges = useResource("cartridges", () => queries.cartridges(db()));
  const previewItems = previews.status === "ready" && previews.data.length > 0 ? previews.data : STATIC_PREVIEWS;
  const cartridgeItems = cartridges.status === "ready" && cartridges.data.length > 0 ? cartridges.data : STATIC_CARTRIDGES;

  return (
    <>
      <PageHeader eyebrow="Gallery" title="Gallery">
        <p>A first look at the player's interface and the smart cartridges that carry your collection.</p>
      </PageHeader>
      <section className="section tight" aria-labelledby="previews-title">
        <div className="container">
          <h2 id="previews-title" className="section-title">
            Interface Previews
          </h2>
          <ComingSoon>The full interface reveal arrives with the first production units. These previews are work in progress.</ComingSoon>
          {previews.status === "loading" ? (
            <Loading>Loading previews…</Loading>
          ) : (
            <ul className="card-grid three">
              {previewItems.map((item, index) => (
                <li key={item.id} className="card media-card">
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
            Cartridge Models
          </h2>
          <ComingSoon>Final shells, colours and labels are being tooled now. Sample editions shown.</ComingSoon>
          {cartridges.status === "loading" ? (
            <Loading>Loading cartridge models…</Loading>
          ) : (
            <ul className="card-grid three">
              {cartridgeItems.map((item) => {
                const specs = item.specifications ?? {};
                return (
                  <li key={item.id} className="card media-card">
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
                              <dt>Dimensions</dt>
                              <dd>{specs.dimensions}</dd>
                            </>
                          )}
                          {specs.weight && (
                            <>
                              <dt>Weight</dt>
                              <dd>{specs.weight}</dd>
                            </>
                          )}
                          {(specs.features ?? []).length > 0 && (
                            <>
                              <dt>Features</dt>
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
