// The part's texts in Japanese; contact.ts checks it has every key of the English.

export const contactJa = {
  "contact.name": "お名前",
  "contact.email": "メールアドレス",
  "contact.message": "メッセージ",
  "contact.nameRequired": "お名前を入力してください",
  "contact.messageRequired": "メッセージを入力してください",
  "contact.tooLong": "{field}は{limit}文字以内で入力してください",
  "contact.send": "送信する",
  "contact.sending": "送信中...",
  "contact.sent": "メッセージを送信しました！",
  "contact.failed": "メッセージを送信できませんでした。もう一度お試しください。",
};
