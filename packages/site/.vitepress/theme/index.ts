/**
 * The default theme, without its web fonts (the site must work offline and stay small: the
 * system's fonts do), plus four components the generated pages use and the layout CSS.
 */
import type { Theme } from "vitepress";
import DefaultTheme from "vitepress/theme-without-fonts";
import CompareLessons from "./CompareLessons.vue";
import LessonDiff from "./LessonDiff.vue";
import LessonCode from "./LessonCode.vue";
import WalkthroughSteps from "./WalkthroughSteps.vue";
import "./site.css";

export default {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    app.component("CompareLessons", CompareLessons);
    app.component("LessonDiff", LessonDiff);
    app.component("LessonCode", LessonCode);
    app.component("WalkthroughSteps", WalkthroughSteps);
  },
} satisfies Theme;
