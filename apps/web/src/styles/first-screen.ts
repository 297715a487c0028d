/**
 * The Mantine styles the first paint needs: global styles, then the components of the header, the
 * landing page and the page spinner, in Mantine's dependency order (a component after the ones it
 * is built on). Every other stylesheet arrives with the chunk that needs it: public-forms.ts with
 * the public forms and dialogs, the whole of Mantine (signed-in.ts) with the signed-in areas. This
 * keeps the render-blocking CSS at about 8 KB (gzip) instead of 36 KB.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Center.css';
import './direction.css';
import './touch-targets.css';
import './whole-labels.css';
