/**
 * Mantine styles of the public forms and dialogs (registration, the terms and login dialogs), loaded
 * with their chunks after first-screen.ts and a sign-in form's (sign-in-forms.ts, which comes first:
 * the inputs the selects here are built on). Shared building blocks first (Mantine's list of reused
 * components), then the components the public pages use.
 */
import './sign-in-forms.js';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/List.css';
