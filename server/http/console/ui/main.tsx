// The console's entry: picks the language, renders the shell, and opens the browser-agent bridge
// (the pages register their tools with it as they mount).
import "./styles.css";
import { render } from "preact";
import { startBridge } from "../bridge/index.ts";
import { App } from "./app.tsx";
import { applyLanguage, pickLanguage, storedLanguage } from "./i18n/index.ts";

await applyLanguage(pickLanguage([storedLanguage(), ...navigator.languages]));
render(<App />, document.getElementById("app")!);
startBridge();
