import { createContext } from "react";

/**
 * The API the page's stored pictures and videos are loaded from (their host-relative addresses are
 * made absolute on it), given by the entry that renders the page. Apart from Picture so that the
 * entries provide it without loading the picture code: the home page shows no stored picture.
 */
export const ImageApiContext = createContext<string | undefined>(undefined);
