// The part's texts in Japanese; gallery.ts checks it has every key of the English.

export const galleryJa = {
  "gallery.eyebrow": "ギャラリー",
  "gallery.lead": "プレーヤーのインターフェースと、あなたのコレクションを収めるスマートカートリッジをひと足先にご覧ください。",
  "gallery.comingSoon": "近日公開",
  "gallery.previews": "インターフェースのプレビュー",
  "gallery.previewsSoon": "インターフェースの全容は最初の量産機とともに公開します。掲載中のプレビューは開発中のものです。",
  "gallery.previewsLoading": "プレビューを読み込み中…",
  "gallery.cartridges": "カートリッジのモデル",
  "gallery.cartridgesSoon": "最終的なシェル、カラー、ラベルは現在製作中です。掲載しているのはサンプル版です。",
  "gallery.cartridgesLoading": "カートリッジのモデルを読み込み中…",
  "gallery.dimensions": "寸法",
  "gallery.weight": "重量",
  "gallery.features": "特長",
};
