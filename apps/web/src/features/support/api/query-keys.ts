/** Query keys of the chat: one thread per signed-in player or visitor token, and the images of its messages. */
export const supportKeys = {
  thread: (who: string) => ["support", "thread", who] as const,
  image: (url: string) => ["support", "image", url] as const,
};
