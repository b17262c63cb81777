import { BRAND } from "../../../shared/brand.ts";

// The part's texts in Japanese; form-answers.ts checks it has every key of the English.

export const formAnswersJa = {
  "answer.waitlist.heading": "ありがとうございます！",
  "answer.waitlist.text": `${BRAND} の最新情報をまもなくお知らせします。`,
  "answer.newsletter.heading": "受信トレイを確認してください",
  "answer.newsletter.text": "あと少しです：受信トレイを確認し、リンクをクリックして登録を完了してください。",
  "answer.contact.heading": "メッセージを送信しました！",
  "answer.contact.text": "まもなくご連絡いたします。",
  "answer.checkForm": "フォームの内容を確認してください",
  "answer.tryLater": "しばらくしてからもう一度お試しください",
  "answer.back": "サイトに戻る",
  "answer.refused": "フォームの内容を確認して、もう一度お試しください。",
  "answer.tooMany": "このアドレスからの送信が多すぎます。しばらくしてからもう一度お試しください。",
  "answer.unavailable": "ただいまメッセージを保存できません。少し時間をおいてからもう一度お試しください。",
};
