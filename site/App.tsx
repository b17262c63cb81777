import { lazy } from "react";
import { Route, Routes } from "react-router";
import { Layout } from "./components/Layout.tsx";
import { HomePage } from "./pages/HomePage.tsx";

// Home is in the entry; every other page is a lazy chunk (the home route's JavaScript budget).
const AboutPage = lazy(() => import("./pages/AboutPage.tsx"));
const UpdatesPage = lazy(() => import("./pages/UpdatesPage.tsx"));
const PostPage = lazy(() => import("./pages/PostPage.tsx"));
const GalleryPage = lazy(() => import("./pages/GalleryPage.tsx"));
const VideosPage = lazy(() => import("./pages/VideosPage.tsx"));
const ContactPage = lazy(() => import("./pages/ContactPage.tsx"));
const WhitepaperPage = lazy(() => import("./pages/WhitepaperPage.tsx"));
const NotFoundPage = lazy(() => import("./pages/NotFoundPage.tsx"));

export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="updates" element={<UpdatesPage />} />
        <Route path="updates/:slug" element={<PostPage />} />
        <Route path="gallery" element={<GalleryPage />} />
        <Route path="youtube" element={<VideosPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="whitepaper" element={<WhitepaperPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
