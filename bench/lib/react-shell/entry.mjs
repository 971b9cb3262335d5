import { createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { App } from "./app.mjs";

hydrateRoot(document.getElementById("root"), createElement(App));
