import { stockImage, stockImageSrcSet } from "../../shared/images.ts";

/** A stock-photo image at the size it is shown, with width and height set and lazy by default. */
export function Picture({
  src,
  width,
  height,
  sizes,
  widths,
  alt = "",
  eager = false,
  className,
}: {
  src: string | null | undefined;
  width: number;
  height: number;
  sizes: string;
  widths: number[];
  alt?: string;
  eager?: boolean;
  className?: string;
}) {
  if (!src) return <div className={`image-placeholder ${className ?? ""}`} style={{ aspectRatio: `${width} / ${height}` }} aria-hidden="true" />;
  return (
    <img
      className={className}
      src={stockImage(src, { width, height })}
      srcSet={stockImageSrcSet(src, widths, width / height)}
      sizes={sizes}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      alt={alt}
    />
  );
}
