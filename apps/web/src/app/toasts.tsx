import { Slide, ToastContainer } from "react-toastify";

/** Toasts per spec §8: 5 s, progress bar, close on click, pause on hover, draggable, coloured (our tokens in styles.css). */
export function AppToasts() {
  return (
    <ToastContainer
      position="top-center"
      autoClose={5000}
      hideProgressBar={false}
      closeOnClick
      pauseOnHover
      pauseOnFocusLoss
      draggable
      theme="colored"
      transition={Slide}
      newestOnTop
      limit={3}
    />
  );
}
