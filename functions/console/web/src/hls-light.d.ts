// hls.js publishes its light build ("hls.js/light": no subtitles, alternate
// audio or DRM, but AES-128 decryption) without a declaration file of its
// own; its API is the full build's.
declare module "hls.js/light" {
  import Hls from "hls.js";
  export default Hls;
  export * from "hls.js";
}
