/**
 * A step of the app's evaluation (client/main.tsx): emotion and stylis, the styling engine under
 * MUI, evaluated in a task of its own before MUI's own modules.
 */
export { default as emotionStyled } from '@emotion/styled';
export { CacheProvider } from '@emotion/react';
