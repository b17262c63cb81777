import { BRAND } from "../../../shared/brand.ts";

// The part's texts in Japanese; waitlist.ts checks it has every key of the English.

export const waitlistJa = {
  "waitlist.close": "閉じる",
  "waitlist.title": "ウェイトリストに登録",
  "waitlist.text": "予約注文、カートリッジの発売、開発ニュースをいち早くお届けします。",
  "waitlist.joining": "登録中...",
  "waitlist.failed": "ウェイトリストに登録できませんでした。もう一度お試しください。",
  "waitlist.thanksHeading": "ありがとうございます！",
  "waitlist.thanksText": `${BRAND} の最新情報をまもなくお知らせします。`,
};
