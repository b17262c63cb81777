import type { Language } from "../../shared/languages.ts";

// The waitlist's fixed words in every language of shared/languages.ts: its two mails (the
// confirmation, and the status link asked for again) and the pages their links open. A member's
// mails and pages are in the language they joined in. Plain text here; index.ts and the mail
// builder escape it. Adding a language is one more entry (the type asks for it, texts.test.ts checks
// each is filled in).

export interface WaitlistTexts {
  confirmation: { subject: string; heading: string; ask: string; button: string; ignore: string };
  statusMail: { subject: string; heading: string; text: string; button: string; footer: string };
  pages: {
    status: {
      heading: string;
      /** "You are #1,204 of 5,877": the numbers come formatted for the language. */
      place: (place: string, total: string) => string;
      linkLabel: string;
      referrals: (count: string) => string;
      perReferral: (places: string) => string;
      keep: string;
    };
    expired: { heading: string; text: string };
    invalid: { heading: string; text: string };
    ask: { heading: string; text: string; label: string; button: string };
    asked: { heading: string; text: string };
  };
}

export const WAITLIST_TEXTS: { readonly [language in Language]: WaitlistTexts } = {
  en: {
    confirmation: {
      subject: "Confirm your place on the RCRT waitlist",
      heading: "Confirm your place in line",
      ask: "Someone, hopefully you, asked to join the RCRT waitlist with this address. Confirm it to take your place in line and get your personal link:",
      button: "Confirm my place",
      ignore: "If you did not ask for this, ignore this mail: an address that is not confirmed holds no place and is forgotten after 7 days.",
    },
    statusMail: {
      subject: "Your place on the RCRT waitlist",
      heading: "Your place in line",
      text: "Here is the link to your status page, as asked: your place in line, your personal link and the friends who joined through it.",
      button: "See my place",
      footer: "This link is yours alone: anyone who has it can see your place. If you did not ask for it, you can ignore this mail.",
    },
    pages: {
      status: {
        heading: "You're on the list",
        place: (place, total) => `You are #${place} of ${total}`,
        linkLabel: "Your personal link",
        referrals: (count) => `Friends who joined through it: ${count}`,
        perReferral: (places) => `Each friend who joins through your link and confirms moves you up ${places} places.`,
        keep: "Bookmark this page to check your place at any time. Its address is yours alone: share your personal link, not this page.",
      },
      expired: {
        heading: "This link has expired",
        text: "Confirmation links work for 7 days. Already confirmed? Ask for your status page below. If not, join the waitlist again from the home page.",
      },
      invalid: { heading: "This link is not valid", text: "It may be incomplete. Ask for the link to your status page below." },
      ask: {
        heading: "Find your place in line",
        text: "Enter the address you joined the waitlist with, and we'll mail it the link to your status page.",
        label: "Email address",
        button: "Send my link",
      },
      asked: {
        heading: "Check your inbox",
        text: "If this address is on the waitlist, the link to its status page is on its way. It can take a few minutes to arrive.",
      },
    },
  },
  ja: {
    confirmation: {
      subject: "RCRT ウェイトリストへの登録確認",
      heading: "順番を確定してください",
      ask: "このメールアドレスで、RCRT のウェイトリストへの登録のお申し込みがありました。確認すると順番が確定し、あなた専用の紹介リンクをお届けします。",
      button: "順番を確定する",
      ignore: "お心当たりがない場合は、このメールを無視してください。確認されていないアドレスは順番を持たず、7 日後に削除します。",
    },
    statusMail: {
      subject: "RCRT ウェイトリストでのあなたの順番",
      heading: "あなたの順番",
      text: "ご依頼いただいた、ステータスページへのリンクです。あなたの順番、紹介リンク、そのリンクから参加した友だちの数を確認できます。",
      button: "順番を見る",
      footer: "このリンクはあなた専用です。リンクを知っている人は誰でもあなたの順番を見られます。お心当たりがない場合は、このメールを無視してください。",
    },
    pages: {
      status: {
        heading: "ウェイトリストに登録されています",
        place: (place, total) => `${total} 人中 ${place} 番目です`,
        linkLabel: "あなたの紹介リンク",
        referrals: (count) => `このリンクから参加した友だち：${count} 人`,
        perReferral: (places) => `紹介リンクから参加した友だちが登録を確認するたびに、順番が ${places} 番上がります。`,
        keep: "このページをブックマークすると、いつでも順番を確認できます。このページのアドレスはあなた専用です。共有するのは紹介リンクにしてください。",
      },
      expired: {
        heading: "このリンクは有効期限が切れています",
        text: "確認リンクの有効期限は 7 日間です。確認済みの場合は、下のフォームからステータスページのリンクをお求めください。まだの場合は、ホームページからもう一度お申し込みください。",
      },
      invalid: { heading: "このリンクは無効です", text: "リンクが途中で切れている可能性があります。下のフォームからステータスページのリンクをお求めください。" },
      ask: {
        heading: "あなたの順番を確認する",
        text: "ウェイトリストに登録したメールアドレスを入力してください。ステータスページへのリンクをお送りします。",
        label: "メールアドレス",
        button: "リンクを送る",
      },
      asked: {
        heading: "受信箱をご確認ください",
        text: "このアドレスがウェイトリストに登録されていれば、ステータスページへのリンクをお送りしました。届くまで数分かかることがあります。",
      },
    },
  },
};
