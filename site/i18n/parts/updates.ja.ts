// The part's texts in Japanese; updates.ts checks it has every key of the English.

export const updatesJa = {
  "updates.eyebrow": "通信ログ",
  "updates.lead": "開発ノート、ハードウェアのマイルストーン、コミュニティのニュースを新しい順にお届けします。",
  "updates.filter": "カテゴリーで絞り込む",
  "updates.all": "すべて",
  "updates.loading": "記事を読み込み中…",
  "updates.failed": "記事を読み込めませんでした。Supabase に接続されているか確認してください。",
  "updates.none": "記事が見つかりません。",
  "updates.readMore": "続きを読む →",
};
