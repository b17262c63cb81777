// The part's texts in Japanese; contact.ts checks it has every key of the English.

export const contactJa = {
  "contact.eyebrow": "お問い合わせ",
  "contact.title": "お気軽にご連絡ください",
  "contact.lead": "プレーヤー、カートリッジ、取材、提携についてのご質問は、メッセージでお寄せください。",
  "contact.formTitle": "メッセージを送る",
  "contact.officeTitle": "オフィス",
  "contact.faqTitle": "よくある質問",
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
