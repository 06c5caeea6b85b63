import { useLocation, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';

/** Back where the user came from (a listing or /tools); home when the calculator opened first. */
export function CalculatorBackLink() {
  const navigate = useNavigate();
  const location = useLocation();
  // 'default' is the key of the page the app started on: there is no in-app page to go back to.
  const back = () => void (location.key === 'default' ? navigate('/') : navigate(-1));
  return (
    <Button onClick={back} startIcon={<ArrowBackOutlined />} sx={{ mb: 1 }}>
      返回
    </Button>
  );
}
