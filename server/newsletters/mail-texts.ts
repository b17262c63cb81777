import type { Language } from "../../shared/languages.ts";

// The newsletter's fixed words in every language of shared/languages.ts: the confirmation mail, the
// words around a post in a newsletter, and the pages its links open. A subscriber's mails and pages
// are in the language they signed up in. Plain text here; mail.ts and index.ts escape it. Adding a
// language is one more entry (the type asks for it, mail-texts.test.ts checks each is filled in).

export interface NewsletterTexts {
  /** Between a label and the address it names in a plain-text mail ("Unsubscribe: https://..."). */
  colon: string;
  confirmation: {
    subject: string;
    heading: string;
    ask: string;
    button: string;
    ignore: string;
  };
  newsletter: {
    readOnSite: string;
    reason: string;
    /** The reason in a mail aimed at a segment of People, whose recipients may never have subscribed. */
    reasonAimed: string;
    unsubscribe: string;
  };
  pages: {
    confirmed: { heading: string; text: (email: string) => string };
    expired: { heading: string; text: string };
    unsubscribe: { heading: string; text: (email: string) => string; button: string; stay: string };
    unsubscribed: { heading: string; text: (email: string) => string; button: string };
    resubscribed: { heading: string; text: (email: string) => string };
    invalid: { heading: string; text: string };
  };
}

export const NEWSLETTER_TEXTS: { readonly [language in Language]: NewsletterTexts } = {
  en: {
    colon: ": ",
    confirmation: {
      subject: "Confirm your subscription to RCRT",
      heading: "Confirm your subscription",
      ask: "Someone, hopefully you, asked to receive RCRT's build notes and launch news at this address. Confirm to start receiving them:",
      button: "Confirm my subscription",
      ignore: "If you did not ask for this, ignore this mail: nothing is sent to an address that is not confirmed, and it is forgotten after 7 days.",
    },
    newsletter: {
      readOnSite: "Read it on the site",
      reason: "You receive this because you subscribed to RCRT's newsletter.",
      reasonAimed: "You receive this because you confirmed your address with RCRT, for its newsletter or its waitlist.",
      unsubscribe: "Unsubscribe",
    },
    pages: {
      confirmed: { heading: "You're subscribed", text: (email) => `${email} will receive RCRT's build notes and launch news. Every mail has a link to unsubscribe.` },
      expired: {
        heading: "This link has expired",
        text: "Confirmation links work once, for 7 days. Sign up again with the newsletter box at the foot of any page to get a new one.",
      },
      unsubscribe: {
        heading: "Unsubscribe from RCRT's newsletter?",
        text: (email) => `${email} will receive no more build notes and launch news from RCRT.`,
        button: "Unsubscribe",
        stay: "Changed your mind? Close this page: you stay subscribed.",
      },
      unsubscribed: { heading: "You're unsubscribed", text: (email) => `${email} will receive no more newsletters from RCRT.`, button: "Resubscribe" },
      resubscribed: { heading: "Welcome back", text: (email) => `${email} is subscribed again to RCRT's build notes and launch news.` },
      invalid: { heading: "This link is not valid", text: "It may be incomplete, or the subscription it belonged to was removed." },
    },
  },
  ja: {
    colon: "：",
    confirmation: {
      subject: "RCRT ニュースレターの購読確認",
      heading: "購読の確認",
      ask: "このメールアドレスで、RCRT の開発ノートとローンチのお知らせを受け取るお申し込みがありました。受け取りを始めるには、購読を確認してください。",
      button: "購読を確認する",
      ignore: "お心当たりがない場合は、このメールを無視してください。確認されていないアドレスには何もお送りせず、7 日後に削除します。",
    },
    newsletter: {
      readOnSite: "サイトで読む",
      reason: "RCRT のニュースレターをご購読いただいているため、このメールをお送りしています。",
      reasonAimed: "RCRT のニュースレターまたはウェイトリストでメールアドレスを確認いただいたため、このメールをお送りしています。",
      unsubscribe: "配信停止",
    },
    pages: {
      confirmed: { heading: "購読が完了しました", text: (email) => `${email} に RCRT の開発ノートとローンチのお知らせをお届けします。すべてのメールに配信停止のリンクがあります。` },
      expired: {
        heading: "このリンクは有効期限が切れています",
        text: "確認リンクは 7 日間、1 回だけ使えます。新しいリンクは、各ページ下部のニュースレター欄からもう一度お申し込みいただくとお届けします。",
      },
      unsubscribe: {
        heading: "RCRT ニュースレターの配信を停止しますか？",
        text: (email) => `${email} には、RCRT の開発ノートとローンチのお知らせが届かなくなります。`,
        button: "配信を停止する",
        stay: "停止しない場合は、このページを閉じてください。購読はそのまま続きます。",
      },
      unsubscribed: { heading: "配信を停止しました", text: (email) => `${email} には、今後 RCRT のニュースレターは届きません。`, button: "再購読する" },
      resubscribed: { heading: "おかえりなさい", text: (email) => `${email} で RCRT の開発ノートとローンチのお知らせの購読を再開しました。` },
      invalid: { heading: "このリンクは無効です", text: "リンクが途中で切れているか、このリンクの購読が削除された可能性があります。" },
    },
  },
};
