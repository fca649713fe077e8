// Mantine's styles for the components this app uses, instead of its whole stylesheet
// (@mantine/core/styles.css, ~250 KB, parsed and matched against the page before the first paint of
// every cold load): about half of it. The base three come first (Mantine's order); then each
// component's, with those it is built from (a Modal is a ModalBase with an Overlay, a CloseButton and
// a Paper; inputs are an Input; a NativeSelect's chevron is the Combobox's; a Checkbox or a Switch is
// an InlineInput). A Mantine component newly used in the app needs its line here.
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/VisuallyHidden.css";
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/Popover.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/ActionIcon.css";
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Flex.css";
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Grid.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/NumberInput.css";
import "@mantine/core/styles/PasswordInput.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Switch.css";
import "@mantine/core/styles/SegmentedControl.css";
import "@mantine/core/styles/FloatingIndicator.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Burger.css";
import "@mantine/core/styles/NavLink.css";
import "@mantine/core/styles/AppShell.css";
import "@mantine/core/styles/ScrollArea.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Title.css";
import "@mantine/core/styles/Code.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Skeleton.css";
import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/Timeline.css";
