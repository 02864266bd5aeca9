// The module scripts/site-images.ts makes from the images/ folder: each file's path there -> its copies and size.
declare module "virtual:site-images" {
  const images: Record<string, import("../scripts/site-images").SiteImageInfo>;
  export default images;
}
// The same for one folder of images/ only (virtual:site-images/gallery, virtual:site-images/partners).
declare module "virtual:site-images/*" {
  const images: Record<string, import("../scripts/site-images").SiteImageInfo>;
  export default images;
}
