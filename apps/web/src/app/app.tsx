import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Suspense, useEffect } from "react";
import { RouterProvider } from "react-router";
import { Slide, ToastContainer } from "react-toastify";
import { Spinner } from "../components/spinner.tsx";
import { router } from "./router.tsx";
import { installHtmlLang, installSessionEffects } from "./session-effects.ts";

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

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

export function App() {
  useEffect(() => installSessionEffects(router, queryClient), []);
  useEffect(() => installHtmlLang(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<Spinner variant="fullscreen" />}>
        <RouterProvider router={router} />
      </Suspense>
      <AppToasts />
    </QueryClientProvider>
  );
}
