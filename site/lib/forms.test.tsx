import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ContactForm } from "../components/ContactForm.tsx";
import { NewsletterForm } from "../components/NewsletterForm.tsx";
import WaitlistModal from "../components/WaitlistModal.tsx";
import { stubNetwork } from "../test-utils.tsx";

// Each form sends the language of the page it is on: as a hidden field, for a post without
// JavaScript, and in the post its script makes.

const FORMS = {
  newsletter: () => <NewsletterForm />,
  contact: () => <ContactForm />,
  waitlist: () => <WaitlistModal onClose={() => {}} />,
};

function formOn(path: string, kind: keyof typeof FORMS): HTMLFormElement {
  const Form = FORMS[kind];
  render(
    <MemoryRouter initialEntries={[path]}>
      <Form />
    </MemoryRouter>,
  );
  return document.querySelector<HTMLFormElement>(`form[name="${kind}"]`)!;
}

describe("the site's forms send their page's language", () => {
  for (const kind of Object.keys(FORMS) as (keyof typeof FORMS)[]) {
    it(`${kind}: a hidden field, Japanese under /ja/ and the default language elsewhere`, () => {
      const japanese = formOn("/ja/updates", kind);
      expect(new FormData(japanese).get("language")).toBe("ja");
      cleanup();
      const english = formOn("/updates", kind);
      expect(new FormData(english).get("language")).toBe("en");
    });
  }

  it("the newsletter's post from a Japanese page names Japanese", async () => {
    const network = stubNetwork();
    const user = userEvent.setup();
    const form = formOn("/ja/", "newsletter");
    await user.type(within(form).getByLabelText("Email address"), "reader@example.jp");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    await expect.poll(() => network.forms.length).toBe(1);
    expect(network.forms[0]!.get("language")).toBe("ja");
  });
});
