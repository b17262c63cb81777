import { useState } from "react";
import { FAQ, OFFICE } from "../content.ts";
import { ContactForm } from "../components/ContactForm.tsx";
import { Faq } from "../components/Faq.tsx";
import { PageHeader } from "../components/PageHeader.tsx";
import { db } from "../lib/db.ts";
import { useRouteMeta } from "../lib/meta.ts";
import { queries } from "../lib/queries.ts";
import { useResource } from "../lib/resource.ts";

/** The map is a third-party page: it loads only when the visitor asks for it. */
function OfficeMap() {
  const [shown, setShown] = useState(false);
  return (
    <div className="map card">
      {shown ? (
        <iframe className="map-frame" src={OFFICE.mapEmbedUrl} title={`Map: ${OFFICE.name}, ${OFFICE.street}, ${OFFICE.city}`} width={600} height={360} loading="lazy" />
      ) : (
        <div className="map-placeholder">
          <span className="map-pin" aria-hidden="true">
            ◎
          </span>
          <button type="button" className="button button-small" onClick={() => setShown(true)}>
            Show map
          </button>
          <p className="map-note">Loads a map from OpenStreetMap.</p>
        </div>
      )}
      <p className="map-link">
        <a href={OFFICE.mapLinkUrl} target="_blank" rel="noopener noreferrer">
          Open in OpenStreetMap<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </div>
  );
}

/** The published FAQ entries in their order, or the built-in list while none is published (or the read fails). */
function useFaqEntries() {
  const faq = useResource("faq", () => queries.faq(db()));
  return faq.status === "ready" && faq.data.length > 0 ? faq.data : FAQ;
}

export default function ContactPage() {
  useRouteMeta("/contact");
  const faq = useFaqEntries();
  return (
    <>
      <PageHeader eyebrow="Contact" title="Get in Touch">
        <p>Questions about the player, cartridges, press or partnerships? Send us a message.</p>
      </PageHeader>
      <div className="container contact-layout">
        <section aria-labelledby="form-title">
          <h2 id="form-title" className="section-title small">
            Send a Message
          </h2>
          <ContactForm />
        </section>
        <section aria-labelledby="office-title">
          <h2 id="office-title" className="section-title small">
            Our Office
          </h2>
          <address className="card office">
            <strong>{OFFICE.name}</strong>
            <br />
            {OFFICE.street}
            <br />
            {OFFICE.city}
            <br />
            {OFFICE.country}
            <br />
            <a href={`mailto:${OFFICE.email}`}>{OFFICE.email}</a>
          </address>
          <OfficeMap />
        </section>
      </div>
      <section className="section" aria-labelledby="faq-title">
        <div className="container narrow">
          <h2 id="faq-title" className="section-title">
            Frequently Asked Questions
          </h2>
          <Faq entries={faq} />
        </div>
      </section>
    </>
  );
}
